import { describe, expect, it } from 'vitest';
import { addOnPricesFrom, availability, boughtFlags } from '../catalog/catalog.ts';
import { type CalendarInput, complianceCalendar, deadlineSeries } from '../compliance/calendar.ts';
import goodStandingData from '../data/good-standing.json' with { type: 'json' };
import { foreignRegistrationFor, JURISDICTION_CODES } from '../state-facts/facts.ts';
import { goodStandingFor } from '../state-facts/good-standing.ts';
import { threeYearCost } from '../state-facts/three-year-cost.ts';
import { completionBlocker, deliverablesFor } from './deliverables.ts';
import { CERTIFICATE_OF_AUTHORITY_KIND, homeRegistrationFacts, homeRegistrationSteps } from './home-registration.ts';
import { PURCHASE_REFUND_RULES } from './purchase-refunds.ts';
import { type Purchase, type PurchasingOrder, purchaseLines, purchaseOffers } from './purchases.ts';

// A California resident's Wyoming LLC, paid (docs/decisions/0429).
const caResidentWy: PurchasingOrder = {
  state: 'WY',
  residenceState: 'CA',
  paymentStatus: 'paid',
  pricedOrder: { state: 'WY', feinFiling: false, operatingAgreement: false, form2553: false },
};
const confirmed = { state: 'CA', usd: 70, dataUsd: 70, confirmedAt: '2026-12-02T10:00:00.000Z', confirmedBy: 'processor@example.com' };
const offerOf = (order: PurchasingOrder, prices = {}) => purchaseOffers(order, prices).find((o) => o.key === 'homeStateRegistration')!;
const paidPurchase: Purchase = {
  id: 'p1',
  key: 'homeStateRegistration',
  name: 'Home-state registration',
  lines: [
    { key: 'homeStateRegistration', label: 'Home-state registration', amount: 99 },
    { key: 'homeStateFee', label: 'California registration fee (confirmed)', amount: 70 },
  ],
  totalCents: 16900,
  state: 'paid',
  provider: 'test',
  via: 'new-card',
  createdAt: '2026-12-02T10:00:00.000Z',
};

describe('the home-state registration entry', () => {
  it('is never sold at checkout, and has its Refund Policy rule', () => {
    expect(availability('homeStateRegistration', 'WY').available).toBe(false);
    // A flag set on the application (or frozen with it) does not buy it: only a paid purchase does.
    expect(boughtFlags({ ...caResidentWy, homeStateRegistration: true }).homeStateRegistration).toBe(false);
    expect(boughtFlags({ ...caResidentWy, pricedOrder: { state: 'WY', homeStateRegistration: true } }).homeStateRegistration).toBe(false);
    expect(PURCHASE_REFUND_RULES.homeStateRegistration.name).toBe('Home-state registration');
  });

  it("shows the data's fee as a draft and cannot be paid until staff confirm it", () => {
    const offer = offerOf(caResidentWy);
    expect(offer.status).toBe('unavailable');
    expect(offer.reason).toMatch(/California's registration fee \(\$70 in our data, a draft figure\) must be confirmed by our staff before you can pay/);
    expect(offer.lines).toEqual([
      { key: 'homeStateRegistration', label: 'Home-state registration', amount: 99 },
      { key: 'homeStateFee', label: 'California registration fee (draft figure, to be confirmed)', amount: 70 },
    ]);
    expect(offer.description).toMatch(/Application to Register, filed with California Secretary of State/);
    expect(offer.description).toMatch(/a draft figure: our staff confirm it before you pay/);
  });

  it('once confirmed (or corrected), is priced at the confirmed fee plus our fee from the settings', () => {
    const offer = offerOf({ ...caResidentWy, homeStateFee: { ...confirmed, usd: 75 } }, addOnPricesFrom({ homeStateRegistrationUsd: 120 }));
    expect(offer.status).toBe('available');
    expect(offer.lines).toEqual([
      { key: 'homeStateRegistration', label: 'Home-state registration', amount: 120 },
      { key: 'homeStateFee', label: 'California registration fee (confirmed)', amount: 75 },
    ]);
    expect(offer.totalCents).toBe(19500);
    // A fee confirmed for another home state does not count.
    expect(offerOf({ ...caResidentWy, homeStateFee: { ...confirmed, state: 'NV' } }).status).toBe('unavailable');
  });

  it('is not shown to an owner who formed at home, nor sold where the home state is not researched', () => {
    expect(offerOf({ ...caResidentWy, residenceState: 'WY' })).toBeUndefined();
    expect(offerOf({ ...caResidentWy, residenceState: null })).toBeUndefined();
    const unresearched = JURISDICTION_CODES.find((c) => c !== 'WY' && !foreignRegistrationFor(c))!;
    expect(offerOf({ ...caResidentWy, residenceState: unresearched, homeStateFee: { ...confirmed, state: unresearched } }).reason).toMatch(
      /have not yet researched/,
    );
  });

  it('the government line of a purchase reads the order, not the formation state', () => {
    expect(purchaseLines('homeStateRegistration', 'WY', {}, { ...caResidentWy, homeStateFee: confirmed }).at(-1)).toEqual({
      key: 'homeStateFee',
      label: 'California registration fee (confirmed)',
      amount: 70,
    });
  });
});

describe('a California resident’s Wyoming order with the home-state registration', () => {
  const bought = { ...caResidentWy, homeStateFee: confirmed, purchases: [paidPurchase] };

  it('owes the certificate of authority until staff upload it, and Mark Complete waits for it', () => {
    expect(boughtFlags(bought).homeStateRegistration).toBe(true);
    const owed = deliverablesFor(bought).find((d) => d.key === 'home_registration')!;
    expect(owed).toMatchObject({ label: 'Registration in California: certificate of authority', delivered: false });
    expect(completionBlocker(bought)).toMatch(/the certificate of authority is not uploaded/);
    const delivered = deliverablesFor({ ...bought, documents: [{ kind: CERTIFICATE_OF_AUTHORITY_KIND, createdAt: '2026-12-20T10:00:00.000Z' }] }).find(
      (d) => d.key === 'home_registration',
    )!;
    expect(delivered).toMatchObject({ delivered: true, deliveredAt: '2026-12-20T10:00:00.000Z' });
  });

  it('is the customer’s task when not bought, ours once bought', () => {
    expect(deliverablesFor(caResidentWy).filter((d) => d.key === 'home_registration')).toEqual([expect.objectContaining({ by: 'customer' })]);
    expect(deliverablesFor(bought).filter((d) => d.key === 'home_registration')).toEqual([expect.objectContaining({ by: 'us' })]);
  });

  it("has California's duties on the calendar and in the three-year cost", () => {
    const events = complianceCalendar(
      { state: 'WY', residence: 'CA', formationDate: '2026-12-02', addOns: { operatingAgreement: false, feinFiling: false }, renewal: 'renews' },
      { today: '2026-12-02' },
    )!;
    expect(events.filter((e) => e.kind === 'home-registration')).toHaveLength(1);
    expect(events.some((e) => e.kind === 'home-state-tax' && /California Annual Tax/.test(e.title))).toBe(true);
    expect(events.some((e) => e.kind === 'home-annual-report')).toBe(true);
    const cost = threeYearCost('WY', 'CA')!;
    expect(cost.lines.find((l) => l.key === 'foreign-registration')).toMatchObject({ amount: 70 });
    expect(cost.lines.some((l) => l.key === 'state-tax' && /California/.test(l.label))).toBe(true);
  });

  it('once bought, the calendar says we file it (no reminder to the customer), then that it is done; California’s own duties stay', () => {
    const input: CalendarInput = {
      state: 'WY',
      residence: 'CA',
      formationDate: '2026-12-02',
      addOns: { operatingAgreement: false, feinFiling: false },
      renewal: 'renews',
    };
    const event = (over: Partial<CalendarInput>) =>
      complianceCalendar({ ...input, ...over }, { today: '2026-12-02' })!.find((e) => e.kind === 'home-registration')!;
    expect(event({}).title).toBe('Register the LLC in California, your home state (Application to Register)');
    expect(deadlineSeries(input).some((s) => s.kind === 'home-registration')).toBe(true);
    expect(event({ homeRegistration: {} }).title).toBe('Registration in California, your home state: we file it for you');
    expect(deadlineSeries({ ...input, homeRegistration: {} }).some((s) => s.kind === 'home-registration')).toBe(false);
    const done = event({ homeRegistration: { registeredOn: '2026-12-20' } });
    expect(done).toMatchObject({ title: 'Registered in California, your home state: done', date: '2026-12-20' });
    expect(done.description).toMatch(/certificate of authority is in your vault\. Afterwards California asks: File a Statement of Information/);
    const kinds = deadlineSeries({ ...input, homeRegistration: { registeredOn: '2026-12-20' } }).map((s) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(['home-annual-report', 'home-state-tax']));
  });

  it('staff steps: the form and where to file from the data, and that our data does not say about good standing for California', () => {
    const steps = homeRegistrationSteps(bought);
    expect(steps[0]).toBe(
      'File Application to Register with California Secretary of State (https://www.sos.ca.gov/business-programs/business-entities/forms/limited-liability-companies-foreign-out-state-or-out-country).',
    );
    expect(steps[1]).toMatch(/^Our data does not say whether California asks for a certificate of good standing from Wyoming/);
    expect(steps.at(-1)).toMatch(/Statement of Information/);
  });
});

describe('certificates of good standing (shared/data/good-standing.json)', () => {
  it('says required, with the words and the source, only for the 10 states whose record says so; unknown everywhere else', () => {
    const required = goodStandingData.states.filter((s) => s.required === true).map((s) => s.code);
    expect(required.sort()).toEqual(['AR', 'FL', 'IL', 'NC', 'OK', 'RI', 'SD', 'TN', 'VT', 'WY']);
    expect(goodStandingData.states).toHaveLength(51);
    for (const code of required) {
      const g = goodStandingFor(code)!;
      if (g.required !== true) throw new Error(code);
      expect(g.source.url).toBe(foreignRegistrationFor(code)!.source.url);
    }
    expect(goodStandingFor('CA')).toEqual({ code: 'CA', name: 'California', required: 'unknown' });
    expect(goodStandingData.source).toMatch(/CC BY 4.0/);
  });

  it("a Wyoming resident's Delaware LLC: Wyoming asks for one dated within sixty days", () => {
    const f = homeRegistrationFacts({ state: 'DE', residenceState: 'WY' })!;
    expect(f.goodStandingText).toMatch(/^Wyoming asks for a certificate of good standing \(existence\) from Delaware, dated within sixty days/);
    expect(homeRegistrationSteps({ state: 'DE', residenceState: 'WY' })[1]).toMatch(/^Order a certificate of good standing from Delaware first/);
  });
});
