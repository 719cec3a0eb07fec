import { describe, expect, it } from 'vitest';
import { ADD_ON_BY_KEY, ADD_ON_KEYS, addOnPrice, addOnPricesFrom, TOGGLED_ADD_ON_KEYS } from './catalog/catalog.ts';
import { priceOrder, processingTimeFor } from './pricing.ts';
import { stateExpediteFee } from './state-facts/expedite.ts';
import { processingFor } from './state-facts/processing-times.ts';
import { findStatePricing, STATE_PRICING } from './states.ts';

const state = (code: string) => findStatePricing(code)!;
const keys = (order: ReturnType<typeof priceOrder>) => order.lines.map((l) => l.key);

describe('priceOrder', () => {
  it('is the filing fee plus the service fee without add-ons', () => {
    const order = priceOrder(state('TX'), {});
    expect(order.lines).toEqual([
      { key: 'filingFee', label: 'Texas state filing fee', amount: 300 },
      { key: 'serviceFee', label: 'Service fee', amount: 150 },
    ]);
    expect(order.total).toBe(450);
    expect(order.totalCents).toBe(45_000);
  });

  it("adds our $75 handling fee and the state's own expedite fee, naming the tier (Maine: next business day, $50)", () => {
    const order = priceOrder(state('ME'), { expeditedFiling: true });
    expect(order.lines).toEqual([
      { key: 'filingFee', label: 'Maine state filing fee', amount: 175 },
      { key: 'serviceFee', label: 'Service fee', amount: 150 },
      { key: 'expeditedFiling', label: 'Expedited filing', amount: 75 },
      { key: 'stateExpediteFee', label: 'State expedite fee (24-hour expedited filing (next business day) service)', amount: 50 },
    ]);
    expect(order.total).toBe(175 + 150 + 75 + 50);
    expect(order.totalCents).toBe(45_000);
  });

  it('picks the cheapest faster-than-standard tier where a state sells several', () => {
    // Texas: Standard Expedited $50, Next-Day $500, Same-Day $750.
    expect(stateExpediteFee('TX')).toMatchObject({ tier: 'Standard Expedited', fee: 50 });
    // California: 24-hour $350 beats 4-hour $500 and same day $750.
    expect(stateExpediteFee('CA')).toMatchObject({ tier: '24-Hour Filing Service (Class C)', fee: 350 });
    // Washington: a surcharge on an already expedited record is not a tier of its own; the
    // cheapest tier with a stated turnaround is.
    expect(stateExpediteFee('WA')).toMatchObject({ tier: 'Expedited service', fee: 100 });
    // Georgia's two-business-day tier is faster than its 7-10 business days.
    expect(stateExpediteFee('GA')).toMatchObject({ tier: 'Two Business Days Expedited Service', fee: 120 });
  });

  it('charges the top of a range the state publishes and says so (Delaware, Virginia)', () => {
    expect(stateExpediteFee('DE')).toMatchObject({ tier: 'Next Day Service', fee: 100, feeMin: 50, feeMax: 100 });
    expect(stateExpediteFee('VA')).toMatchObject({ tier: 'Next Day', fee: 100, feeMin: 50, feeMax: 100 });
    expect(priceOrder(state('DE'), { expeditedFiling: true }).lines.at(-1)).toEqual({
      key: 'stateExpediteFee',
      label: 'State expedite fee (Next Day Service)',
      amount: 100,
    });
  });

  it.each([
    ['FL', 'not-offered'],
    ['WY', 'not-for-llc-formation'],
    ['CT', 'not-researched'],
  ])('ignores expeditedFiling where the state sells no expedite for a formation (%s: %s)', (code, status) => {
    expect(processingFor(code)!.expediteStatus).toBe(status);
    expect(stateExpediteFee(code)).toBeUndefined();
    const order = priceOrder(state(code), { expeditedFiling: true, feinFiling: true });
    expect(keys(order)).toEqual(['filingFee', 'serviceFee', 'feinFiling']);
    expect(order.total).toBe(state(code).totalCost + addOnPrice('feinFiling'));
  });

  it('has a state fee for every state that sells expedite, and none for the others', () => {
    for (const s of STATE_PRICING) {
      const p = processingFor(s.code)!;
      const fee = stateExpediteFee(s.code);
      if (p.expediteStatus === 'offered') {
        expect(fee, s.code).toBeDefined();
        expect(fee!.fee).toBeGreaterThan(0);
        expect(p.expedite.map((t) => t.name)).toContain(fee!.tier);
        const order = priceOrder(s, { expeditedFiling: true });
        expect(order.total).toBe(s.totalCost + addOnPrice('expeditedFiling') + fee!.fee);
      } else {
        expect(fee, s.code).toBeUndefined();
        expect(priceOrder(s, { expeditedFiling: true }).total).toBe(s.totalCost);
      }
    }
  });

  it('lists the other add-ons in their order, whatever the state', () => {
    const order = priceOrder(state('ME'), { feinFiling: true, operatingAgreement: true, expeditedFiling: true, form2553: true });
    expect(keys(order)).toEqual(['filingFee', 'serviceFee', 'expeditedFiling', 'stateExpediteFee', 'feinFiling', 'operatingAgreement', 'form2553']);
    expect(TOGGLED_ADD_ON_KEYS).toEqual(['expeditedFiling', 'feinFiling', 'operatingAgreement', 'form2553', 'nyPublication']);
    expect(ADD_ON_KEYS).toEqual([...TOGGLED_ADD_ON_KEYS, 'dbaRegistration', 'homeStateRegistration']);
    expect(ADD_ON_BY_KEY.dbaRegistration.sale.place).toBe('offer');
    // The home-state registration is sold after payment only: a flag sent at checkout prices nothing.
    expect(keys(priceOrder(state('WY'), { homeStateRegistration: true }))).toEqual(['filingFee', 'serviceFee']);
  });

  it('prices "Form 2553 prepared for you" and the DBA fee at the operator prices it is given, else the defaults', () => {
    const bought = { form2553: true, dbaRegistration: true };
    const line = (order: ReturnType<typeof priceOrder>, key: string) => order.lines.find((l) => l.key === key)?.amount;
    const defaults = priceOrder(state('WY'), bought);
    expect([line(defaults, 'form2553'), line(defaults, 'dbaRegistration')]).toEqual([49, 49]);
    const set = priceOrder(state('WY'), bought, addOnPricesFrom({ form2553Usd: 65, dbaServiceFeeUsd: 0 }));
    expect([line(set, 'form2553'), line(set, 'dbaRegistration')]).toEqual([65, 0]);
    expect(set.total).toBe(defaults.total + 65 - 49 - 49);
  });
});

describe('processingTimeFor', () => {
  it("is the state's published standard time, or says there is none", () => {
    expect(processingTimeFor('ME', {})).toBe('40-55 business days (by mail)');
    expect(processingTimeFor('TX', {})).toBe('Texas publishes no standard processing time');
    expect(processingTimeFor('FL', {})).toBe('No standard processing time published by Florida that we could find');
  });
  it("is the state's expedite turnaround when expedited filing is bought and sold by the state", () => {
    expect(processingTimeFor('ME', { expeditedFiling: true })).toBe('next business day (state expedite: 24-hour expedited filing (next business day) service)');
    // Florida sells no expedite: the add-on changes nothing.
    expect(processingTimeFor('FL', { expeditedFiling: true })).toBe(processingTimeFor('FL', {}));
  });
});
