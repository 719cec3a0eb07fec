import { describe, expect, it } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler } from './calculate.ts';

const route = '/api/calculate-savings';
const expenses = { clothing: 500, meals: 500, equipment: 500, travel: 250, entertainment: 150, other: 100 };

describe('POST /api/calculate-savings', () => {
  it('computes the estimate', async () => {
    const res = await invoke(handler, apiEvent({ method: 'POST', route, body: { income: 120000, expenses } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ monthlyExpenses: 2000, annualExpenses: 24000, estimatedSavings: 6000, taxRate: 25 });
  });
  it('names the wrong field', async () => {
    const res = await invoke(handler, apiEvent({ method: 'POST', route, body: { income: 1, expenses: { ...expenses, meals: -5 } } }));
    expect(res.status).toBe(400);
    expect(res.body.details['expenses.meals']).toEqual(['Meals & Entertainment cannot be negative']);
  });
  it('rejects unknown fields, missing body, malformed JSON, wrong content type and oversized bodies', async () => {
    const extra = await invoke(handler, apiEvent({ method: 'POST', route, body: { income: 1, expenses, admin: true } }));
    expect(extra.status).toBe(400);
    expect(extra.body.details.admin).toEqual(['Unknown field']);
    const empty = await invoke(handler, apiEvent({ method: 'POST', route }));
    expect(empty).toMatchObject({ status: 400, body: { error: 'Request body is required' } });
    const bad = await invoke(handler, apiEvent({ method: 'POST', route, rawBody: '{"income":', headers: { 'content-type': 'application/json' } }));
    expect(bad).toMatchObject({ status: 400, body: { error: 'Request body is not valid JSON' } });
    const text = await invoke(handler, apiEvent({ method: 'POST', route, rawBody: 'income=1', headers: { 'content-type': 'text/plain' } }));
    expect(text.status).toBe(415);
    const huge = await invoke(
      handler,
      apiEvent({ method: 'POST', route, rawBody: JSON.stringify({ income: 1, pad: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } }),
    );
    expect(huge.status).toBe(413);
  });
  it('accepts a base64-encoded body as API Gateway may send it', async () => {
    const res = await invoke(handler, apiEvent({ method: 'POST', route, body: { income: 1000, expenses }, base64: true }));
    expect(res.status).toBe(200);
    expect(res.body.annualExpenses).toBe(24000);
  });
});

describe('the savings estimate is capped by the income', () => {
  it('$1,000 of income with $5,000 a month of equipment cannot save more tax than the income bears', async () => {
    const res = await invoke(
      handler,
      apiEvent({
        method: 'POST',
        route: '/api/calculate-savings',
        body: { income: 1000, expenses: { clothing: 0, meals: 0, equipment: 5000, travel: 0, entertainment: 0, other: 0 } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.estimatedSavings).toBeLessThanOrEqual(250);
    expect(res.body.estimatedSavings).not.toBe(15000);
  });
});
