import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANDING_BELOW_FOLD_TEXTS } from '#shared/content/texts/landing-below-fold.ts';
import { LANDING_FIRST_VIEW_TEXTS } from '#shared/content/texts/landing-first-view.ts';
import { PRICING_TEXTS } from '#shared/content/texts/pricing.ts';
import {
  agentCostOptions,
  agentPromise,
  EMPTY_OPERATOR_SETTINGS,
  missingOperatorSettings,
  type OperatorSettings,
  offersOurAgent,
  ourRegisteredAgentFor,
} from '#shared/operator/facts.ts';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { structuredData } from '../frontend/src/features/landing/structured-data.ts';
import { withOperatorPrices } from '../functions/email/operator.ts';
import { renderEmail } from '../functions/email/render.ts';
import type { EmailMessage } from '../functions/outbox/messages.ts';

// No page, email or document promises our registered agent in a state without an office
// (docs/decisions/0415): over all 51 jurisdictions, with one office configured.

const CODES = STATE_PRICING.map((s) => s.code);
const ROOT = join(import.meta.dirname, '..');

/** A sentence that promises our registered agent: "registered agent ... free / included". */
const PROMISE = /registered agent[^.]*\b(free|included)\b|\b(free|included)\b[^.]*registered agent/i;

const withOffice = (state: string): OperatorSettings => ({
  ...EMPTY_OPERATOR_SETTINGS,
  legalName: 'Creator Filings LLC',
  registeredAgentOffices: [{ line1: '1 Main St', city: 'Town', state, zip: '00000' }],
});

const receipt = (stateName: string) =>
  ({
    kind: 'payment_received',
    payload: {
      firstName: 'Ada',
      businessName: 'Byte Works LLC',
      stateName,
      lines: [],
      total: 275,
      paidAt: '2026-11-22T10:00:00Z',
      provider: 'card',
      processingTime: '5 days',
      registeredAgentRenewalUsd: 125,
    },
  }) as unknown as Pick<EmailMessage, 'kind' | 'payload'>;

describe('the fixed texts promise no registered agent', () => {
  it('site texts, the static head and the built JSON-LD without settings', () => {
    for (const [key, text] of Object.entries({ ...LANDING_FIRST_VIEW_TEXTS, ...LANDING_BELOW_FOLD_TEXTS, ...PRICING_TEXTS })) {
      expect(text, key).not.toMatch(PROMISE);
    }
    expect(readFileSync(join(ROOT, 'frontend/index.html'), 'utf8')).not.toMatch(PROMISE);
    expect(JSON.stringify(structuredData({ lowest: 150, highest: 500 }))).not.toMatch(/registered agent/i);
  });

  it('no offices: nothing is promised and the receipt leaves the agent out', () => {
    expect(agentPromise(EMPTY_OPERATOR_SETTINGS)).toBeUndefined();
    expect(withOperatorPrices(receipt('Florida'), EMPTY_OPERATOR_SETTINGS).payload).not.toHaveProperty('registeredAgentRenewalUsd');
  });
});

describe.each(CODES.map((c) => [c]))('one office, in %s', (office) => {
  const settings = withOffice(office);

  it('the promise says one state, the JSON-LD and the owner’s notice follow it', () => {
    const promise = agentPromise(settings)!;
    expect(promise.states).toEqual([office]);
    expect(promise.where).toBe('in 1 state');
    const ld = JSON.stringify(structuredData({ lowest: 150, highest: 500 }, undefined, promise));
    // Every mention of the agent in the JSON-LD is qualified by the offices.
    for (const m of ld.match(/[^.]*registered agent[^.]*/gi) ?? []) expect(m).toContain('in 1 state');
    const notice = missingOperatorSettings(settings, CODES).find((l) => l.startsWith('registered-agent office'));
    expect(notice).toBe(`registered-agent office in 50 of 51 states (${CODES.filter((c) => c !== office).join(', ')})`);
  });

  it('cards, cost, documents and the receipt: ours in that state only', () => {
    for (const state of STATE_PRICING) {
      const ours = state.code === office;
      expect(offersOurAgent(settings, state.code), state.code).toBe(ours);
      expect(Boolean(ourRegisteredAgentFor(settings, state.code)), state.code).toBe(ours);
      const lines = threeYearCost(state.code, undefined, agentCostOptions(settings))!.lines.filter((l) => l.key === 'registered-agent');
      expect(
        lines.some((l) => /first year included/.test(l.label)),
        state.code,
      ).toBe(ours);
      const payload = withOperatorPrices(receipt(state.name), settings).payload as { registeredAgentRenewalUsd?: number };
      expect(payload.registeredAgentRenewalUsd !== undefined, state.code).toBe(ours);
    }
  });
});

describe('the receipt as sent', () => {
  it('names our registered agent in the state with the office, and not elsewhere', async () => {
    const settings = withOffice('WY');
    const there = await renderEmail(withOperatorPrices(receipt('Wyoming'), settings));
    const elsewhere = await renderEmail(withOperatorPrices(receipt('California'), settings));
    expect(there.text).toMatch(PROMISE);
    expect(elsewhere.text).not.toMatch(PROMISE);
  });
});
