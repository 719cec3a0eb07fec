import { describe, expect, it } from 'vitest';
import { complianceCalendar } from './compliance/calendar.ts';
import { completionBlocker, deliverablesFor } from './orders/deliverables.ts';
import { priceOrder } from './pricing.ts';
import { findStatePricing } from './states.ts';
import { initialWizardData, type WizardData, wizardDataSchema, wizardPatchSchema } from './wizard/data.schema.ts';
import { fieldProblems } from './wizard/steps.ts';

// The DBA add-on through an order's life: priced from the dataset, asked for at step 3, owed as
// a deliverable until staff upload the registered name, and its renewal on the calendar.
const priced = (code: string, dbaRegistration: boolean) => priceOrder(findStatePricing(code)!, { dbaRegistration });
const step3 = (over: Partial<WizardData>) => fieldProblems(3, { ...initialWizardData('user-12345678'), ...over });

describe('the DBA add-on', () => {
  it('Wyoming: our fee and the state fee from the dataset', () => {
    const without = priced('WY', false);
    const withDba = priced('WY', true);
    expect(withDba.lines.filter((l) => l.key === 'dbaRegistration' || l.key === 'dbaFee').map((l) => [l.key, l.amount])).toEqual([
      ['dbaRegistration', 49],
      ['dbaFee', 100],
    ]);
    expect(withDba.total - without.total).toBe(149);
    expect(withDba.lines.find((l) => l.key === 'dbaFee')!.label).toBe('Wyoming trade name filing fee');
  });

  it("California: our fee only, the county's fee is quoted once the county is known", () => {
    const withDba = priced('CA', true);
    expect(withDba.lines.map((l) => l.key)).toContain('dbaRegistration');
    expect(withDba.lines.map((l) => l.key)).not.toContain('dbaFee');
  });

  it('Kansas keeps no register: the add-on adds nothing and the step asks to remove it', () => {
    expect(priced('KS', true).total).toBe(priced('KS', false).total);
    expect(step3({ state: 'KS', dbaRegistration: true }).dbaRegistration).toMatch(/^Kansas keeps no register of business names/);
  });

  it('step 3 asks for the name, and for the county where a county files it', () => {
    expect(step3({ state: 'WY', dbaRegistration: true }).dbaName).toBe('Enter the creator name to register as a DBA');
    expect(step3({ state: 'WY', dbaRegistration: true, dbaName: '@SunnyBites' }).dbaName).toBeUndefined();
    expect(step3({ state: 'WY', dbaRegistration: true, dbaName: 'Sunny' }).dbaCounty).toBeUndefined();
    expect(step3({ state: 'CA', dbaRegistration: true, dbaName: 'Sunny' }).dbaCounty).toMatch(/^Enter the county where your business is/);
    expect(step3({ state: 'CA', dbaRegistration: true, dbaName: 'Sunny', dbaCounty: 'Placer' }).dbaCounty).toBeUndefined();
    expect(step3({ state: 'CA', dbaRegistration: false }).dbaName).toBeUndefined();
  });

  it('is owed until staff upload the registered name, then complete', () => {
    const order = {
      state: 'WY',
      dbaName: 'SunnyBites',
      pricedOrder: { state: 'WY', feinFiling: false, operatingAgreement: false, dbaRegistration: true },
      filingDetails: { registeredAgent: { kind: 'own' } },
      documents: [{ kind: 'approved_articles', createdAt: '2026-12-01T10:00:00.000Z' }],
    };
    expect(deliverablesFor(order).map((d) => d.key)).toEqual(['formation', 'dba']);
    expect(completionBlocker(order)).toContain('the registered DBA is not uploaded');
    const done = { ...order, documents: [...order.documents, { kind: 'dba_registration', createdAt: '2026-12-10T10:00:00.000Z' }] };
    expect(completionBlocker(done)).toBeUndefined();
    expect(deliverablesFor(done)[1]).toMatchObject({ label: 'DBA: "SunnyBites"', delivered: true });
  });

  it("puts the registration's end on the calendar: ten years in Wyoming", () => {
    const events = complianceCalendar(
      {
        state: 'WY',
        formationDate: '2026-12-01',
        addOns: { operatingAgreement: false, feinFiling: false },
        renewal: 'own-agent',
        dba: { name: 'SunnyBites', registeredOn: '2026-12-10' },
      },
      { today: '2026-12-01', years: 11 },
    )!;
    const dba = events.find((e) => e.kind === 'dba-renewal')!;
    expect(dba).toMatchObject({ id: 'dba-renewal', date: '2036-12-10', state: 'WY' });
    expect(dba.title).toBe('Wyoming trade name "SunnyBites": renew by this date');
  });
});

describe('the DBA fields in saves', () => {
  it('a submission without them (a page built before the DBA) is valid and buys none; a patch without them changes none', () => {
    const { dbaRegistration: _r, dbaName: _n, dbaCounty: _c, ...older } = initialWizardData('user-12345678');
    expect(wizardDataSchema.parse(older)).toMatchObject({ dbaRegistration: false, dbaName: '', dbaCounty: '' });
    expect(wizardPatchSchema.parse({ firstName: 'Ada' })).toEqual({ firstName: 'Ada' });
  });
});
