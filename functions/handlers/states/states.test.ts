import { beforeEach, describe, expect, it } from 'vitest';
import { standardTimeOf } from '#shared/state-facts/processing-times.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as getPricing } from './get-pricing.ts';
import { handler as listStates } from './list.ts';

const get = (code: string) =>
  invoke(
    getPricing,
    apiEvent({ method: 'GET', route: '/api/state-pricing/{stateCode}', path: `/api/state-pricing/${code}`, pathParameters: { stateCode: code } }),
  );

beforeEach(() => {
  dynamoCallLog.length = 0;
});

describe('GET /api/states', () => {
  it('lists 51 states with pricing, cacheable, no database call', async () => {
    const res = await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states' }));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(51);
    expect(res.body[0]).toEqual({
      code: 'AL',
      name: 'Alabama',
      filingFee: 200,
      serviceFee: 150,
      totalCost: 350,
      processingTime: standardTimeOf('AL')!.text,
      processingTimePublished: standardTimeOf('AL')!.published,
      processingTimeCheckedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(dynamoCallLog).toEqual([]);
  });
  it('rejects unknown query parameters', async () => {
    const res = await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states', query: { foo: '1' } }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Unknown query parameter: foo');
  });
});

describe('GET /api/state-pricing/{stateCode}', () => {
  it('returns one state, case-insensitive', async () => {
    const res = await get('tx');
    expect(res.status).toBe(200);
    // Texas publishes no standard time: the answer says so, as the pages do, instead of a default.
    expect(res.body).toEqual({
      name: 'Texas',
      filingFee: 300,
      serviceFee: 150,
      totalCost: 450,
      processingTime: 'Texas publishes no standard processing time',
      processingTimePublished: false,
      processingTimeCheckedOn: standardTimeOf('TX')!.checkedOn,
    });
    expect(dynamoCallLog).toEqual([]);
  });
  it('404s an unknown code', async () => {
    const res = await get('ZZ');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Unknown state code: ZZ', code: 'state_not_found' });
  });
  it('400s a malformed code', async () => {
    const res = await get('../etc');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/stateCode/);
  });
});
