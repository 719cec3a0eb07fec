import { describe, expect, it } from 'vitest';
import { ADD_ON_BY_KEY, AFTER_PAYMENT_KEYS, boughtFlags } from '../catalog/catalog.ts';
import { PURCHASE_REFUND_RULES } from './purchase-refunds.ts';
import { type Purchase, purchaseOffers, purchaseRefusal } from './purchases.ts';

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
  it('the catalog sells the EIN, the operating agreement, Form 2553 and the home-state registration after payment, each with its Refund Policy rule under its own name', () => {
    expect(AFTER_PAYMENT_KEYS).toEqual(['feinFiling', 'operatingAgreement', 'form2553', 'homeStateRegistration']);
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
    ]);
  });

  it('only a paid order buys', () => {
    expect(purchaseRefusal(paidOrder)).toBeUndefined();
    for (const paymentStatus of ['pending', 'refunded', 'disputed', 'needs_review', undefined])
      expect(purchaseRefusal({ ...paidOrder, paymentStatus })).toEqual(expect.any(String));
  });
});
