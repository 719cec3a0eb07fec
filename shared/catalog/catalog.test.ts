import { describe, expect, it } from 'vitest';
import { staffMoveBlocker } from '../application-status.ts';
import { deliverablesFor } from '../orders/deliverables.ts';
import { DOCUMENT_KINDS, GENERATED_KINDS, UPLOAD_KINDS } from '../orders/documents.ts';
import { orderForApplication } from '../payments/order.ts';
import { applicationListQuerySchema } from '../staff/applications.schema.ts';
import { STATE_RECORDS } from '../states.ts';
import { wizardDataSchema, wizardPatchSchema } from '../wizard/data.schema.ts';
import { FIELD_STEP } from '../wizard/steps.ts';
import {
  ADD_ON_KEYS,
  ADD_ONS,
  type AddOnKey,
  addOnFlags,
  addOnOffer,
  addOnPricesFrom,
  addOnsOf,
  addOnWords,
  availability,
  boughtFlags,
  DEFAULT_ADD_ON_PRICES,
  FEE_COLUMNS,
  feeColumnOf,
  PRICE_SETTING_KEYS,
  SETTING_PRICED,
  salePlaces,
  soldAt,
  TOGGLED_ADD_ON_KEYS,
  toggledAddOnsIn,
} from './catalog.ts';
import { CATALOG } from './entries.ts';

const STATE_CODES = STATE_RECORDS.map((s) => s.code);

/** A state where the add-on is sold (the first in code order). */
const soldIn = (key: AddOnKey) => STATE_CODES.find((code) => availability(key, code).available) as string;
const PAID_AT = '2026-06-15T12:00:00.000Z';

/** A paid order that bought one add-on, frozen at payment as the server freezes it. */
function paidOrder(key: AddOnKey) {
  const state = soldIn(key);
  const flags = addOnFlags({ [key]: true });
  const order = orderForApplication({ state, ...flags })!;
  return {
    state,
    ...flags,
    dbaName: 'Pixel Kitchen',
    dbaCounty: 'Laramie',
    paymentStatus: 'paid' as const,
    status: 'filed',
    paidAt: PAID_AT,
    amountPaidCents: order.totalCents,
    pricedOrder: { state, totalCents: order.totalCents, ...flags, addOnPrices: order.addOnPrices, pricedAt: PAID_AT },
    filingDetails: { registeredAgent: { kind: 'own' } },
  };
}

describe('the catalog', () => {
  it('has one entry per key, and each document kind belongs to one entry', () => {
    const keys = CATALOG.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    const kinds = CATALOG.flatMap((e) => e.documents.map((d) => d.kind));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of kinds) expect(DOCUMENT_KINDS).toContain(kind);
  });

  it('sells the DBA beside the switched add-ons, so every list of add-ons includes it', () => {
    expect(ADD_ON_KEYS).toContain('dbaRegistration');
    expect(TOGGLED_ADD_ON_KEYS).not.toContain('dbaRegistration');
    expect(applicationListQuerySchema.safeParse({ addOn: 'dbaRegistration' }).success).toBe(true);
  });

  it('prices by an operator setting exactly the entries that say so, each with its default', () => {
    expect(PRICE_SETTING_KEYS).toEqual(SETTING_PRICED.map((e) => e.pricing.setting));
    const set = Object.fromEntries(PRICE_SETTING_KEYS.map((k, i) => [k, 10 + i]));
    const prices = addOnPricesFrom(set);
    for (const entry of SETTING_PRICED)
      if (entry.key in DEFAULT_ADD_ON_PRICES) expect(prices[entry.key as keyof typeof prices]).not.toBe(entry.pricing.defaultUsd);
    expect(addOnPricesFrom(undefined)).toEqual(DEFAULT_ADD_ON_PRICES);
  });
});

describe('where an entry is sold', () => {
  it('names one place or several, and a recurring service sold at checkout adds no price line', () => {
    for (const entry of CATALOG) expect(salePlaces(entry).length).toBeGreaterThan(0);
    // The annual reports are agreed at checkout or later on the order page (docs/decisions/0434).
    expect(salePlaces(CATALOG.find((e) => e.key === 'annualReports')!)).toEqual(['checkout', 'orderPage']);
    expect(soldAt('annualReports', 'checkout')).toBe(true);
    expect(soldAt('annualReports', 'orderPage')).toBe(true);
    expect(soldAt('registeredAgentRenewal', 'checkout')).toBe(false);
    const atCheckout = CATALOG.filter((e) => salePlaces(e).includes('checkout'));
    for (const entry of atCheckout) {
      expect(entry.sale.moment).toBe('recurring');
      expect(entry.frozen).toBe('agreement');
      expect(ADD_ON_KEYS).not.toContain(entry.key);
      const sale = entry.sale;
      const state = STATE_CODES.find((code) => ('availableIn' in sale ? sale.availableIn(code).available : true)) as string;
      expect(orderForApplication({ state, [entry.key]: true })!.lines.map((l) => l.key)).not.toContain(entry.key);
    }
  });
});

// An entry sold only after payment, priced from the order (the home-state registration), is walked in shared/orders/home-registration.test.ts.
describe.each(ADD_ONS.filter((e) => !e.sale.forOrder).map((e) => [e.key, e] as const))('%s, walked from the wizard to the receipt', (key, entry) => {
  it('is asked on its wizard step and stored as a flag both schemas know', () => {
    expect(FIELD_STEP[key]).toBe(entry.sale.step);
    expect(wizardPatchSchema.safeParse({ [key]: true }).success).toBe(true);
    expect(wizardPatchSchema.safeParse({ [key]: 'yes' }).success).toBe(false);
    expect(wizardPatchSchema.safeParse({ [key]: 'yes' }).error?.issues[0].message).toBe(`${key} must be true or false`);
  });

  it('is offered with its price where it is sold, and refused with a reason where it is not', () => {
    const state = soldIn(key);
    const offer = addOnOffer(key, state);
    expect(offer).toMatchObject({ key, name: entry.name, available: true });
    expect(offer.price).toBeGreaterThanOrEqual(0);
    for (const code of STATE_CODES) {
      const o = addOnOffer(key, code);
      if (!o.available) expect(o.description).not.toBe('');
    }
  });

  it('adds its line (and the government fee it brings) to the price, and nothing where it is not sold', () => {
    const state = soldIn(key);
    const without = orderForApplication({ state })!;
    const withIt = orderForApplication({ state, [key]: true })!;
    const added = withIt.lines.slice(without.lines.length);
    expect(added[0]).toMatchObject({ key, label: entry.name });
    expect(added.slice(1).map((l) => l.key)).toEqual(entry.governmentFee && added.length > 1 ? [entry.governmentFee.key] : []);
    expect(withIt.total).toBe(without.total + added.reduce((sum, l) => sum + l.amount, 0));
    const notSold = STATE_CODES.find((code) => !availability(key, code).available);
    if (notSold) expect(orderForApplication({ state: notSold, [key]: true })!.total).toBe(orderForApplication({ state: notSold })!.total);
  });

  it('keeps the price frozen when payment started, whatever the operator sets later', () => {
    const order = paidOrder(key);
    const later = Object.fromEntries(PRICE_SETTING_KEYS.map((k) => [k, 999]));
    expect(orderForApplication(order, addOnPricesFrom(later))!.totalCents).toBe(order.amountPaidCents);
    // The flags a visitor could still change do not change what was sold.
    expect(boughtFlags({ ...order, [key]: false })[key]).toBe(true);
  });

  it('owes what its entry says, and Mark Complete waits for it until its document is in', () => {
    const order = paidOrder(key);
    const owes = entry.owes;
    const list = deliverablesFor(order);
    if (!owes) {
      expect(list.map((d) => d.key)).toEqual(['formation']);
      return;
    }
    const owed = list.find((d) => d.key === owes.deliverable);
    expect(owed).toMatchObject({ by: owes.by, delivered: false });
    const stamped = { kind: 'approved_articles', createdAt: '2026-06-20T10:00:00.000Z' };
    expect(staffMoveBlocker({ ...order, documents: [stamped] }, 'completed')).toContain(owed!.missing);
    // Every document the entry makes or expects, and the facts they print, deliver it.
    const documents = [stamped, ...entry.documents.map((d) => ({ kind: d.kind, createdAt: '2026-06-21T10:00:00.000Z' }))];
    const done = deliverablesFor({ ...order, documents, ein: '88-1234567', einRecordedAt: '2026-06-20T11:00:00.000Z', filedAt: '2026-06-20T09:00:00.000Z' });
    expect(done.find((d) => d.key === owes.deliverable)).toMatchObject({ delivered: true });
    for (const d of entry.documents) expect(d.made === 'generated' ? GENERATED_KINDS : UPLOAD_KINDS).toContain(d.kind);
  });

  it('is named on the staff screens, the cover sheet and the CSV, and each of its lines lands in one fee column', () => {
    const order = paidOrder(key);
    expect(addOnsOf(order).map((e) => e.key)).toEqual([key]);
    expect(addOnWords(key, order)).not.toBe('');
    const lines = orderForApplication(order)!.lines;
    const columns = FEE_COLUMNS.map((c) => c.column);
    for (const line of lines) expect(columns).toContain(feeColumnOf(line.key));
    const sum = FEE_COLUMNS.reduce(
      (total, { column }) => total + lines.filter((l) => feeColumnOf(l.key) === column).reduce((s, l) => s + Math.round(l.amount * 100), 0),
      0,
    );
    expect(sum).toBe(order.amountPaidCents);
  });

  it('appears on the receipt as its own line, in the words of the price', () => {
    const order = paidOrder(key);
    const receipt = orderForApplication(order)!.lines.map((l) => l.label);
    expect(receipt).toContain(entry.name);
  });

  it('defaults to not bought in a submission from a page built before it existed', () => {
    const parsed = wizardDataSchema.safeParse({});
    expect(parsed.success).toBe(false);
    const fields = parsed.error?.issues.map((i) => i.path[0]) ?? [];
    expect(fields).not.toContain(key);
  });
});

describe('New York publication handled for you', () => {
  it('is sold only for a New York LLC, with the reason elsewhere', () => {
    expect(STATE_CODES.filter((code) => availability('nyPublication', code).available)).toEqual(['NY']);
    expect(addOnOffer('nyPublication', 'NJ')).toMatchObject({ available: false, description: expect.stringContaining('Only for a New York LLC') });
    const offer = addOnOffer('nyPublication', 'NY');
    expect(offer.description).toContain('within 120 days of formation');
    expect(offer.description).toContain("Our fee does not include the newspapers' charges, which vary by county");
  });

  it('is shown only on a New York order; the other switches are shown everywhere', () => {
    expect(toggledAddOnsIn('NY')).toContain('nyPublication');
    expect(toggledAddOnsIn('WY')).not.toContain('nyPublication');
    expect(toggledAddOnsIn()).toEqual(TOGGLED_ADD_ON_KEYS.filter((k) => k !== 'nyPublication'));
    expect(toggledAddOnsIn('WY')).toEqual(toggledAddOnsIn());
  });

  it('is priced from its operator setting, $99 while unset', () => {
    expect(addOnOffer('nyPublication', 'NY').price).toBe(99);
    expect(addOnOffer('nyPublication', 'NY', addOnPricesFrom({ nyPublicationUsd: 140 })).price).toBe(140);
    const order = orderForApplication({ state: 'NY', nyPublication: true }, addOnPricesFrom({ nyPublicationUsd: 140 }))!;
    expect(order.lines.find((l) => l.key === 'nyPublication')).toEqual({ key: 'nyPublication', label: 'New York publication handled for you', amount: 140 });
    expect(feeColumnOf('nyPublication')).toBe('addOns');
  });

  it('makes publication ours once bought, owed until staff upload the Certificate of Publication', () => {
    const order = paidOrder('nyPublication');
    const stamped = { kind: 'approved_articles', createdAt: '2026-06-20T10:00:00.000Z' };
    const owed = deliverablesFor({ ...order, documents: [stamped] }).filter((d) => d.key === 'publication');
    // One publication line: ours, not the customer's task.
    expect(owed).toEqual([expect.objectContaining({ by: 'us', delivered: false, label: 'New York publication: Certificate of Publication' })]);
    expect(staffMoveBlocker({ ...order, documents: [stamped] }, 'completed')).toContain('the filed Certificate of Publication is not uploaded');
    expect(UPLOAD_KINDS).toContain('certificate_of_publication');
    const certificate = { kind: 'certificate_of_publication', createdAt: '2026-09-01T10:00:00.000Z' };
    const done = deliverablesFor({ ...order, documents: [stamped, certificate] }).find((d) => d.key === 'publication');
    expect(done).toMatchObject({ by: 'us', delivered: true, deliveredAt: '2026-09-01T10:00:00.000Z' });
    expect(staffMoveBlocker({ ...order, documents: [stamped, certificate] }, 'completed')).toBeUndefined();
    // Not bought: the customer's task.
    const notBought = deliverablesFor({ ...paidOrder('feinFiling'), state: 'NY', pricedOrder: { state: 'NY', nyPublication: false } });
    expect(notBought.find((d) => d.key === 'publication')).toMatchObject({ by: 'customer' });
  });
});
