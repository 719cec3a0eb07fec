import { describe, expect, it } from 'vitest';
import { formatIsoDate, standardTime } from '../frontend/src/lib/processing.ts';
import { handler as getPricing } from '../functions/handlers/states/get-pricing.ts';
import { handler as listStates } from '../functions/handlers/states/list.ts';
import { JURISDICTION_CODES } from '../shared/state-facts/facts.ts';
import { apiEvent, invoke } from './helpers/events.ts';

/**
 * One processing time everywhere: GET /api/states and /api/state-pricing/{code} answer, for every
 * state, what the pages show (frontend/src/lib/processing.ts, read by the pricing card, the wizard
 * banner, the review, the checkout and the success page): the state's published time with the
 * date it was read, or the sentence that it publishes none; never a default. Here rather than
 * beside either side: the API does not import the front end.
 */
const get = (code: string) =>
  invoke(
    getPricing,
    apiEvent({ method: 'GET', route: '/api/state-pricing/{stateCode}', path: `/api/state-pricing/${code}`, pathParameters: { stateCode: code } }),
  );

describe('processing times: the API and the pages agree on every state', () => {
  it('answers each state’s published time with the date the pages show, or the pages’ sentence that it publishes none', async () => {
    const list = (await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states' }))).body as Record<string, unknown>[];
    expect(list).toHaveLength(JURISDICTION_CODES.length);
    const published: string[] = [];
    for (const code of JURISDICTION_CODES) {
      // What the pricing card, the wizard banner, the review, the checkout and the success page show (frontend/src/lib/processing.ts).
      const page = standardTime(code)!;
      const one = (await get(code)).body;
      const listed = list.find((s) => s.code === code)!;
      for (const answer of [one, listed]) {
        expect(answer.processingTime, code).toBe(page.text);
        expect(answer.processingTimePublished, code).toBe(page.published);
        expect(`checked ${formatIsoDate(answer.processingTimeCheckedOn as string)}`, code).toBe(page.checked);
        expect(answer.processingTime, code).not.toBe('5-7 business days');
      }
      if (page.published) published.push(code);
      else expect(one.processingTime, code).toMatch(/publishes no standard processing time|No standard processing time published by/);
    }
    // Florida, Texas, New York and Delaware publish none (or none was found): said, not estimated.
    for (const code of ['FL', 'TX', 'NY', 'DE']) expect(published, code).not.toContain(code);
    expect(published.length).toBeGreaterThan(0);
  });
});
