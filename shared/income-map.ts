// The creator's income map (docs/product.md "Tax planner"): each kind of creator income, what the
// payer reports to the IRS, and how it is taxed, with the 2026 thresholds and the tips deduction
// read from ./data/federal-tax-2026.json. Pure; the planner shows it.
import federal from './data/federal-tax-2026.json' with { type: 'json' };
import { formatUsd } from './money.ts';

export const INCOME_KINDS = ['platform', 'brandDeals', 'tips', 'affiliate', 'gifted'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];
export type IncomeMap = Record<IncomeKind, number>;

export const EMPTY_INCOME_MAP: IncomeMap = { platform: 0, brandDeals: 0, tips: 0, affiliate: 0, gifted: 0 };

const { form1099K, form1099NEC } = federal.informationReturns;
const tips = federal.qualifiedTips;
// Not toLocaleString: its first call loads the browser's locale data, a long task on a phone
// while the order page's sections load (shared/money.ts).
const usd = formatUsd;

/** Each kind: its label, what the payer sends you and the IRS, and how it is taxed. */
export const INCOME_KIND_FACTS: Record<IncomeKind, { label: string; reported: string; taxed: string }> = {
  platform: {
    label: 'Platform payouts and ad revenue',
    reported: `Form 1099-K from a payment platform once it pays you more than ${usd(form1099K.threshold)} in more than ${form1099K.transactions} payments in the year; a platform that pays you as a contractor sends Form 1099-NEC from ${usd(form1099NEC.threshold)}.`,
    taxed: 'Business income: income tax and self-employment tax.',
  },
  brandDeals: {
    label: 'Brand deals, sponsorships and endorsements',
    reported: `Form 1099-NEC from a brand that pays you ${usd(form1099NEC.threshold)} or more in ${form1099NEC.from}; through a payment app, Form 1099-K as above.`,
    taxed: `Business income: income tax and self-employment tax. Fees for endorsing a product or for the use of your name, image or likeness are a specified service business for the QBI deduction: above ${usd(federal.qualifiedBusinessIncome.taxableIncomeThreshold.single)} of taxable income (${usd(federal.qualifiedBusinessIncome.taxableIncomeThreshold.joint)} joint) that part loses its deduction across the next ${usd(federal.qualifiedBusinessIncome.phaseInRange.single)} (${usd(federal.qualifiedBusinessIncome.phaseInRange.joint)}). The plan counts this line that way.`,
  },
  tips: {
    label: 'Viewer tips (Bits, Super Chats, gifts, tips)',
    reported: `Form 1099-K from the platform that collects them, above ${usd(form1099K.threshold)} and ${form1099K.transactions} payments.`,
    taxed: `Business income, and self-employment tax is still due on them. For ${tips.years}, qualified tips may be deducted from income tax up to ${usd(tips.maxDeduction)} a year (less ${usd(tips.phaseOutPer1000)} for each $1,000 of modified AGI above ${usd(tips.phaseOutStart.single)}, ${usd(tips.phaseOutStart.joint)} joint), no more than the business's net income, in occupations on the Treasury's list. This plan's figures do not take the deduction: ask your preparer whether yours qualify.`,
  },
  affiliate: {
    label: 'Affiliate commissions',
    reported: `Form 1099-NEC from ${usd(form1099NEC.threshold)} in ${form1099NEC.from}, or Form 1099-K through a payment platform.`,
    taxed: 'Business income: income tax and self-employment tax.',
  },
  gifted: {
    label: 'Gifted products you keep (PR packages)',
    reported: 'Often nothing: the brand may send Form 1099-NEC with the value, or may not. You report them either way.',
    taxed: 'Income at their fair market value when you keep them, like a payment in kind; a product you return or give away unused is not.',
  },
};

/** The sources the income map reads, shown under it. */
export const INCOME_MAP_SOURCES = [`${federal.source.primary}; copied from ${federal.source.copiedFrom}`, tips.source];

/**
 * The share of the income that is endorsement, likeness or name income (the brand-deal line), for
 * the QBI deduction's specified-service rule (shared/tax-plan.ts qbiDeductionFor); 0 without a map.
 */
export function specifiedServiceShare(map: IncomeMap): number {
  const total = incomeTotal(map);
  return total > 0 ? Math.round((Math.max(0, map.brandDeals) / total) * 10_000) / 10_000 : 0;
}

/** Every kind summed: the creator's gross income before expenses. */
export function incomeTotal(map: IncomeMap): number {
  return INCOME_KINDS.reduce((sum, k) => sum + Math.max(0, map[k]), 0);
}

/** Which kinds are large enough that a payer is expected to send a form (the planner flags them). */
export function expectedForms(map: IncomeMap): IncomeKind[] {
  return INCOME_KINDS.filter((k) => {
    if (k === 'gifted') return false;
    const threshold = k === 'platform' || k === 'tips' ? form1099K.threshold : form1099NEC.threshold;
    return map[k] >= threshold;
  });
}
