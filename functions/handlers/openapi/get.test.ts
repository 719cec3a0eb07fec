import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler } from './get.ts';

describe('GET /api/openapi.json', () => {
  it('serves the OpenAPI document of the route table, cacheable, without a database call', async () => {
    dynamoCallLog.length = 0;
    const res = await invoke(handler, apiEvent({ method: 'GET', route: '/api/openapi.json' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body).toEqual(openApiDocument());
    expect(res.body.openapi).toBe('3.1.0');
    expect(dynamoCallLog).toEqual([]);
  });

  it('is public: no staff token needed', async () => {
    const res = await invoke(handler, apiEvent({ method: 'GET', route: '/api/openapi.json' }));
    expect(res.status).toBe(200);
  });
});
