import { describe, expect, it } from 'vitest';
import { staffMoveBlocker } from '../application-status.ts';
import { completionBlocker, type DeliverablesInput, deliverablesFor, deliveredLines, missingDeliverables, outdatedDocuments } from './deliverables.ts';

/** What the newest Form 2553 worksheet is older than (the catalog's rule for that document). */
const form2553WorksheetOutdatedBy = (order: DeliverablesInput) => outdatedDocuments(order).find((d) => d.kind === 'form_2553_worksheet')?.by ?? [];

const doc = (kind: string, createdAt = '2026-11-25T10:00:00.000Z') => ({ kind, createdAt });
const sold = (over: { feinFiling?: boolean; operatingAgreement?: boolean } = {}) => ({
  state: 'WY',
  pricedOrder: { state: 'WY', feinFiling: false, operatingAgreement: false, ...over },
});

describe('deliverablesFor', () => {
  it('owes only the state-approved document when nothing else was bought and the customer named their own agent', () => {
    const list = deliverablesFor({ ...sold(), filingDetails: { registeredAgent: { kind: 'own' } } });
    expect(list.map((d) => d.key)).toEqual(['formation']);
    expect(list[0]).toMatchObject({ by: 'us', delivered: false, missing: 'the state-stamped formation document is not uploaded' });
  });

  it('reads what was sold from the order frozen at payment, not the add-on flags', () => {
    const list = deliverablesFor({ ...sold({ feinFiling: true }), feinFiling: false, operatingAgreement: true });
    expect(list.map((d) => d.key)).toEqual(['formation', 'ein']);
    // An order from before the snapshot falls back to its flags.
    expect(deliverablesFor({ state: 'WY', operatingAgreement: true }).map((d) => d.key)).toEqual(['formation', 'operating_agreement']);
  });

  it('delivers the EIN only with both the number and the IRS letter, dated by the later of the two', () => {
    const base = sold({ feinFiling: true });
    expect(deliverablesFor({ ...base, documents: [doc('ein_letter')] })[1]).toMatchObject({ delivered: false, missing: 'the EIN is not recorded' });
    expect(deliverablesFor({ ...base, ein: '88-1234567', einRecordedAt: '2026-11-26T09:00:00.000Z' })[1]).toMatchObject({
      delivered: false,
      missing: 'the IRS confirmation letter is not uploaded',
    });
    const done = deliverablesFor({ ...base, ein: '88-1234567', einRecordedAt: '2026-11-26T09:00:00.000Z', documents: [doc('ein_letter')] })[1];
    expect(done).toMatchObject({
      delivered: true,
      deliveredAt: '2026-11-26T09:00:00.000Z',
      status: 'EIN 88-1234567, letter in your vault since November 26, 2026',
    });
  });

  it('counts our registered agent appointment delivered with the state-stamped document that records it', () => {
    const ours = { ...sold(), filingDetails: { registeredAgent: { kind: 'ours' } } };
    expect(deliverablesFor(ours).find((d) => d.key === 'registered_agent')).toMatchObject({ delivered: false });
    expect(deliverablesFor({ ...ours, documents: [doc('approved_articles')] }).find((d) => d.key === 'registered_agent')).toMatchObject({
      delivered: true,
      deliveredAt: '2026-11-25T10:00:00.000Z',
    });
  });

  it("puts the home-state registration on the customer's side when they live elsewhere: it never blocks completion", () => {
    const list = deliverablesFor({ ...sold(), residenceState: 'CA', documents: [doc('approved_articles')] });
    expect(list.find((d) => d.key === 'home_registration')).toMatchObject({ by: 'customer', label: 'Registration in California, your home state' });
    expect(missingDeliverables({ ...sold(), residenceState: 'CA', documents: [doc('approved_articles')] })).toEqual([]);
    expect(deliverablesFor({ ...sold(), residenceState: 'WY' }).some((d) => d.key === 'home_registration')).toBe(false);
  });
});

describe('Form 2553 prepared for you', () => {
  const filed = { status: 'filed', paymentStatus: 'paid', detailsCompletedAt: '2026-11-20T10:00:00.000Z' };
  const bought = { ...filed, state: 'WY', pricedOrder: { state: 'WY', feinFiling: false, operatingAgreement: false, form2553: true } };

  it('is owed once bought, and Mark Complete waits for its worksheet', () => {
    const owed = deliverablesFor({ ...bought, documents: [doc('approved_articles')] });
    expect(owed.find((d) => d.key === 'form_2553')).toMatchObject({ by: 'us', delivered: false, missing: 'the Form 2553 worksheet is not generated' });
    expect(staffMoveBlocker({ ...bought, documents: [doc('approved_articles')] }, 'completed')).toContain('the Form 2553 worksheet is not generated');
    const done = { ...bought, documents: [doc('approved_articles'), doc('form_2553_worksheet', '2026-11-26T08:00:00.000Z')] };
    expect(deliverablesFor(done).find((d) => d.key === 'form_2553')).toMatchObject({ delivered: true, deliveredAt: '2026-11-26T08:00:00.000Z' });
    expect(staffMoveBlocker(done, 'completed')).toBeUndefined();
  });

  it('is owed again when the filing date or the EIN is recorded after its worksheet was made, until a newer one is', () => {
    const made = { ...bought, documents: [doc('approved_articles'), doc('form_2553_worksheet', '2026-11-26T08:00:00.000Z')] };
    const filedLater = { ...made, filedAt: '2026-11-27T09:00:00.000Z' };
    expect(form2553WorksheetOutdatedBy(filedLater)).toEqual(["the state's filing date"]);
    expect(deliverablesFor(filedLater).find((d) => d.key === 'form_2553')).toMatchObject({
      delivered: false,
      status: "We are adding the state's filing date to your worksheet",
      missing: "the Form 2553 worksheet was made before the state's filing date was recorded: generate it again",
    });
    expect(staffMoveBlocker(filedLater, 'completed')).toContain("the state's filing date was recorded");
    const both = { ...filedLater, ein: '88-1234567', einRecordedAt: '2026-11-27T10:00:00.000Z' };
    expect(form2553WorksheetOutdatedBy(both)).toEqual(["the state's filing date", 'the EIN']);
    expect(deliverablesFor(both).find((d) => d.key === 'form_2553')?.missing).toContain("the state's filing date and the EIN were recorded");
    // A worksheet made after both holds them: delivered.
    const remade = { ...both, documents: [...both.documents, doc('form_2553_worksheet', '2026-11-27T10:00:01.000Z')] };
    expect(form2553WorksheetOutdatedBy(remade)).toEqual([]);
    expect(deliverablesFor(remade).find((d) => d.key === 'form_2553')).toMatchObject({ delivered: true, deliveredAt: '2026-11-27T10:00:01.000Z' });
    // Filed and EIN recorded before the worksheet was made: nothing to add.
    expect(form2553WorksheetOutdatedBy({ ...made, filedAt: '2026-11-25T09:00:00.000Z', ein: '88-1234567', einRecordedAt: '2026-11-25T10:00:00.000Z' })).toEqual(
      [],
    );
  });

  it('is not owed when the frozen order did not buy it, whatever the flag says now', () => {
    const notBought = { ...bought, pricedOrder: { ...bought.pricedOrder, form2553: false }, form2553: true };
    expect(deliverablesFor(notBought).some((d) => d.key === 'form_2553')).toBe(false);
  });
});

describe('Mark Complete needs everything owed delivered', () => {
  const filed = { status: 'filed', paymentStatus: 'paid', detailsCompletedAt: '2026-11-20T10:00:00.000Z' };
  const full = {
    ...filed,
    ...sold({ feinFiling: true, operatingAgreement: true }),
    filingDetails: { registeredAgent: { kind: 'ours' } },
  };

  it('says what is missing, one item after another, until nothing is', () => {
    expect(staffMoveBlocker(full, 'completed')).toBe(
      'Not everything the order bought is delivered: the state-stamped formation document is not uploaded; the EIN is not recorded and the IRS confirmation letter is not uploaded; the operating agreement is not generated; the state has not approved the filing that appoints us (no state-stamped document)',
    );
    const withStamped = { ...full, documents: [doc('approved_articles'), doc('operating_agreement')] };
    expect(staffMoveBlocker(withStamped, 'completed')).toBe(
      'Not everything the order bought is delivered: the EIN is not recorded and the IRS confirmation letter is not uploaded',
    );
    const all = { ...withStamped, ein: '88-1234567', documents: [...withStamped.documents, doc('ein_letter')] };
    expect(staffMoveBlocker(all, 'completed')).toBeUndefined();
    expect(deliveredLines(deliverablesFor(all))).toEqual([
      'State-approved formation document: In your vault since November 25, 2026',
      'EIN and IRS confirmation letter: EIN 88-1234567, letter in your vault since November 25, 2026',
      'Operating agreement: In your vault since November 25, 2026',
      "Registered agent appointment: We are your registered agent, on the state's record since November 25, 2026",
    ]);
  });

  it('uses the computed list a staff view carries', () => {
    const list = deliverablesFor(full);
    expect(staffMoveBlocker({ ...filed, deliverables: list }, 'completed')).toBe(completionBlocker(full));
    expect(staffMoveBlocker({ ...filed, deliverables: [] }, 'completed')).toBeUndefined();
  });
});

describe('New York publication on the order', () => {
  const ny = { state: 'NY', pricedOrder: { state: 'NY', feinFiling: false, operatingAgreement: false } };

  it("is the customer's task with its deadline from the filing date, what it costs as far as the data knows, and the source", () => {
    const task = deliverablesFor({ ...ny, filedOn: '2026-12-01' }).find((d) => d.key === 'publication')!;
    expect(task).toMatchObject({ by: 'customer', delivered: false, label: 'Publish in two newspapers within 120 days (New York publication)' });
    expect(task.status).toContain('Your task, by March 31, 2027 (120 days after the state filed your LLC on December 1, 2026)');
    expect(task.status).toContain('two newspapers (one daily, one weekly)');
    expect(task.status).toContain('file the Certificate of Publication');
    expect(task.status).toContain('varies by county in New York');
    expect(task.status).toContain('New York Limited Liability Company Law §206');
    // Before the state files, the deadline is said as a count.
    expect(deliverablesFor(ny).find((d) => d.key === 'publication')!.status).toContain('within 120 days of the day the state files your LLC');
    // The customer's task never blocks Mark Complete.
    expect(missingDeliverables({ ...ny, documents: [doc('approved_articles')] })).toEqual([]);
  });

  it('is on no other state’s order', () => {
    expect(deliverablesFor(sold()).some((d) => d.key === 'publication')).toBe(false);
    expect(deliverablesFor({ state: 'WY', pricedOrder: { state: 'WY' }, residenceState: 'NY' }).some((d) => d.key === 'publication')).toBe(false);
  });
});
