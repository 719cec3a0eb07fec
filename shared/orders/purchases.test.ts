import { describe, expect, it } from 'vitest';
import { ADD_ON_BY_KEY, AFTER_PAYMENT_KEYS, boughtFlags } from '../catalog/catalog.ts';
import { PURCHASE_REFUND_RULES } from './purchase-refunds.ts';
import { type Purchase, purchaseDetails, purchaseOffers, purchaseRefusal } from './purchases.ts';

const paidOrder = { state: 'FL', paymentStatus: 'paid', pricedOrder: { state: 'FL', feinFiling: false, operatingAgreement: false, form2553: false } };
const purchase = (over: Partial<Purchase>): Purchase => ({
  id: 'p1',
  key: 'operatingAgreement',
  name: 'Operating agreement template',
  lines: [{ key: 'operatingAgreement', label: 'Operating agreement template', amount: 50 }],
  totalCents: 5000,
  state: 'paid',
  provider: 'test',
  via: 'new-card',
  createdAt: '2026-12-02T10:00:00.000Z',
  ...over,
});

describe('add-ons bought after payment (docs/decisions/0424)', () => {
  it('the catalog sells the EIN, the operating agreement, Form 2553, the DBA and the home-state registration after payment, each with its Refund Policy rule under its own name', () => {
    expect(AFTER_PAYMENT_KEYS).toEqual(['feinFiling', 'operatingAgreement', 'form2553', 'dbaRegistration', 'homeStateRegistration']);
    for (const key of AFTER_PAYMENT_KEYS) expect(PURCHASE_REFUND_RULES[key].name).toBe(ADD_ON_BY_KEY[key].name);
  });

  it('a paid purchase is bought like the frozen order’s flag; a pending, failed or refunded one is not', () => {
    expect(boughtFlags({ ...paidOrder, purchases: [purchase({})] }).operatingAgreement).toBe(true);
    for (const state of ['pending', 'failed', 'refunded'] as const)
      expect(boughtFlags({ ...paidOrder, purchases: [purchase({ state })] }).operatingAgreement).toBe(false);
  });

  it('offers each at the prices given, bought or pending where it is', () => {
    const offers = purchaseOffers(
      { ...paidOrder, pricedOrder: { ...paidOrder.pricedOrder, feinFiling: true }, purchases: [purchase({ state: 'pending' })] },
      {
        form2553: 79,
      },
    );
    expect(offers.map((o) => [o.key, o.status, o.totalCents])).toEqual([
      ['feinFiling', 'bought', 7500],
      ['operatingAgreement', 'pending', 5000],
      ['form2553', 'available', 7900],
      // Our fee plus Florida's fictitious name fee, as the wizard's line.
      ['dbaRegistration', 'available', 4900 + 5000],
    ]);
  });

  it('the DBA asks the name, and the county where a county clerk files it, checked with the wizard’s rule (docs/decisions/0433)', () => {
    const dba = (state: string) => purchaseOffers({ ...paidOrder, state, pricedOrder: { state } }, {}).find((o) => o.key === 'dbaRegistration')!;
    expect(dba('FL').fields?.map((f) => f.field)).toEqual(['dbaName']);
    expect(dba('NV').fields?.map((f) => f.field)).toEqual(['dbaName', 'dbaCounty']);
    expect(dba('KS')).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^Kansas keeps no register of business names/) });
    expect(purchaseDetails('dbaRegistration', 'NV', { dbaName: ' @Pixel  Kitchen ', dbaCounty: ' Clark ' })).toEqual({
      ok: true,
      details: { dbaName: 'Pixel Kitchen', dbaCounty: 'Clark' },
    });
    // A county typed where the state takes the filing is not kept.
    expect(purchaseDetails('dbaRegistration', 'FL', { dbaName: 'Pixel Kitchen', dbaCounty: 'Dade' })).toEqual({
      ok: true,
      details: { dbaName: 'Pixel Kitchen' },
    });
    expect(purchaseDetails('dbaRegistration', 'NV', { dbaName: 'Pixel Trust' })).toEqual({
      ok: false,
      problems: {
        dbaName: expect.stringMatching(/"trust"/),
        dbaCounty: "Enter the county where your business is: Nevada's fictitious firm name is filed with its county clerk",
      },
    });
    expect(purchaseDetails('dbaRegistration', 'FL', { dbaName: 'x'.repeat(101) })).toEqual({
      ok: false,
      problems: { dbaName: 'Creator name is limited to 100 characters' },
    });
    expect(purchaseDetails('operatingAgreement', 'FL', { dbaName: 'ignored' })).toEqual({ ok: true });
  });

  it('only a paid order buys', () => {
    expect(purchaseRefusal(paidOrder)).toBeUndefined();
    for (const paymentStatus of ['pending', 'refunded', 'disputed', 'needs_review', undefined])
      expect(purchaseRefusal({ ...paidOrder, paymentStatus })).toEqual(expect.any(String));
  });
});
