import { describe, expect, it } from 'vitest';
import { REGISTERED_AGENT_RENEWAL_USD } from '../state-facts/our-prices.ts';
import { threeYearCost } from '../state-facts/three-year-cost.ts';
import {
  agentCostOptions,
  agentOfficeGaps,
  EMPTY_OPERATOR_SETTINGS,
  formatAddress,
  missingOperatorSettings,
  offersOurAgent,
  ourAgentStates,
  ourRegisteredAgentFor,
  registeredAgentRenewalUsd,
} from './facts.ts';
import { operatorSettingsSchema } from './settings.schema.ts';

describe('operator settings', () => {
  it('name every unset setting customers would see, and none once set', () => {
    expect(missingOperatorSettings(EMPTY_OPERATOR_SETTINGS)).toEqual([
      'legal name',
      'address',
      'support email',
      'support phone',
      'registered-agent renewal price',
      'refund terms',
    ]);
    const set = {
      ...EMPTY_OPERATOR_SETTINGS,
      legalName: 'Creator Filings LLC',
      address: { line1: '1 Main St', city: 'Miami', state: 'FL', zip: '33101' },
      supportEmail: 'a@b.example',
      supportPhone: '+1 305 555 0100',
      registeredAgentRenewalUsd: 0,
      refundTerms: 'Full refund before filing.',
    };
    // A price of $0 is a price, not "unset".
    expect(missingOperatorSettings(set)).toEqual([]);
  });

  it('quote the price list’s renewal price until the owner sets one; the three-year cost follows it', () => {
    expect(registeredAgentRenewalUsd(EMPTY_OPERATOR_SETTINGS)).toBe(REGISTERED_AGENT_RENEWAL_USD);
    expect(registeredAgentRenewalUsd(undefined)).toBe(REGISTERED_AGENT_RENEWAL_USD);
    expect(registeredAgentRenewalUsd({ registeredAgentRenewalUsd: 99 })).toBe(99);
    const listed = threeYearCost('WY', 'TX');
    const set = threeYearCost('WY', 'TX', { registeredAgentRenewalUsd: 99 });
    const renewals = (c: typeof listed) => c?.lines.filter((l) => l.key === 'registered-agent' && l.amount > 0).map((l) => l.amount);
    expect(renewals(listed)?.every((a) => a === REGISTERED_AGENT_RENEWAL_USD)).toBe(true);
    expect(renewals(set)?.every((a) => a === 99)).toBe(true);
    expect((listed?.total ?? 0) - (set?.total ?? 0)).toBe((renewals(listed)?.length ?? 0) * (REGISTERED_AGENT_RENEWAL_USD - 99));
  });

  it('name our registered agent only where an office in the filing state and the legal name are set', () => {
    const office = { line1: '200 Main St', city: 'Tallahassee', state: 'FL', zip: '32301' };
    expect(ourRegisteredAgentFor({ ...EMPTY_OPERATOR_SETTINGS, registeredAgentOffices: [office] }, 'FL')).toBeUndefined();
    const s = { ...EMPTY_OPERATOR_SETTINGS, legalName: 'Creator Filings LLC', registeredAgentOffices: [office] };
    expect(ourRegisteredAgentFor(s, 'fl')).toEqual({ name: 'Creator Filings LLC', address: office });
    expect(ourRegisteredAgentFor(s, 'WY')).toBeUndefined();
    expect(formatAddress({ ...office, line2: 'Suite 4' })).toBe('200 Main St, Suite 4, Tallahassee, FL 32301');
  });

  it('are validated by one schema: links must be https, one office per state', () => {
    const base = { ...EMPTY_OPERATOR_SETTINGS };
    expect(operatorSettingsSchema.safeParse(base).success).toBe(true);
    expect(operatorSettingsSchema.safeParse({ ...base, liveChatUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(operatorSettingsSchema.safeParse({ ...base, socialLinks: { instagram: 'http://insecure.example' } }).success).toBe(false);
    expect(operatorSettingsSchema.safeParse({ ...base, socialLinks: { myspace: 'https://myspace.com/x' } }).success).toBe(false);
    const office = { line1: '200 Main St', city: 'Tallahassee', state: 'FL', zip: '32301' };
    expect(operatorSettingsSchema.safeParse({ ...base, registeredAgentOffices: [office, { ...office, line1: '300 Main St' }] }).success).toBe(false);
  });

  it('offer our registered agent only where an office is set: the three-year cost then prices no renewal of ours', () => {
    const office = { line1: '200 Main St', city: 'Tallahassee', state: 'FL', zip: '32301' };
    const s = { ...EMPTY_OPERATOR_SETTINGS, legalName: 'Creator Filings LLC', registeredAgentOffices: [office], registeredAgentRenewalUsd: 110 };
    expect(ourAgentStates(s)).toEqual(['FL']);
    expect(ourAgentStates(undefined)).toEqual([]);
    expect(offersOurAgent(s, 'WY')).toBe(false);
    expect(offersOurAgent(s, 'FL')).toBe(true);
    const agentLines = (state: string, residence?: string) =>
      threeYearCost(state, residence, agentCostOptions(s))
        ?.lines.filter((l) => l.key === 'registered-agent')
        .map((l) => [l.state, l.year, l.amount]);
    expect(agentLines('FL')).toEqual([
      ['FL', 1, 0],
      ['FL', 2, 110],
      ['FL', 3, 110],
    ]);
    expect(agentLines('WY')).toEqual([]);
    // A Wyoming LLC run from Florida: no agent of ours in Wyoming, ours in Florida.
    expect(agentLines('WY', 'FL')).toEqual([
      ['FL', 1, 110],
      ['FL', 2, 110],
      ['FL', 3, 110],
    ]);
    expect(agentLines('FL', 'TX')).toEqual([
      ['FL', 1, 0],
      ['FL', 2, 110],
      ['FL', 3, 110],
    ]);
    const wy = threeYearCost('WY', undefined, agentCostOptions(s));
    expect(wy?.notes.join(' ')).toContain('We do not act as registered agent in Wyoming');
    expect(wy?.total).toBe((threeYearCost('WY')?.total ?? 0) - 2 * REGISTERED_AGENT_RENEWAL_USD);
  });

  it('list the states with open orders and no office, those with orders choosing our agent first', () => {
    const office = { line1: '200 Main St', city: 'Tallahassee', state: 'FL', zip: '32301' };
    const s = { ...EMPTY_OPERATOR_SETTINGS, legalName: 'Creator Filings LLC', registeredAgentOffices: [office] };
    const open = [{ state: 'FL', agent: 'ours' }, { state: 'WY' }, { state: 'wy', agent: 'own' }, { state: 'NY', agent: 'ours' }];
    expect(agentOfficeGaps(s, open)).toEqual([
      { state: 'NY', openOrders: 1, choseOurAgent: 1 },
      { state: 'WY', openOrders: 2, choseOurAgent: 0 },
    ]);
    expect(agentOfficeGaps(s, [{ state: 'FL' }])).toEqual([]);
  });
});
