import federal from '../data/federal-tax-2026.json' with { type: 'json' };
import taxForms from '../data/payer-tax-forms.json' with { type: 'json' };
import type { IncomeKind, IncomeMap } from '../income-map.ts';
import { formatExactCents } from '../money.ts';
import { FORMS_1099, type Form1099, MAX_1099_YEARS, type Payer1099Year, type Received1099 } from './forms-1099.ts';
import type { PayerKind, StoredPayer } from './payers.ts';

/**
 * The January 1099 check (docs/decisions/0430-january-1099-check.md): from January 1 to April 30
 * after a tax year, a row per payer that should send a Form 1099 for that year (what it paid at or
 * above the form's threshold), where the creator records each form that arrived and its amount.
 * Flagged: a recorded total that differs from what the payer paid by more than $1, an expected
 * Form 1099-NEC or 1099-MISC not recorded once January is over, and two forms of one kind recorded
 * for one payer. Pure: the day is an argument; thresholds come from the data files.
 */

export { FORMS_1099, type Form1099, MAX_1099_YEARS, MAX_FORMS_1099_PER_YEAR, type Payer1099Year, type Received1099 } from './forms-1099.ts';

const { form1099K, form1099NEC } = federal.informationReturns;
const CHECK = taxForms.form1099Check;
/** The tolerance between a recorded amount and what the payer paid, in cents. */
export const TOLERANCE_CENTS = CHECK.tolerance * 100;

/** The threshold a payment reaches for the form to be expected, in cents: 1099-NEC and 1099-MISC at or above, 1099-K above (and more than its number of payments, which we do not know). */
export function thresholdCents(form: Form1099): number {
  if (form === '1099-K') return form1099K.threshold * 100;
  return form1099NEC.threshold * 100;
}
const reaches = (form: Form1099, cents: number) => (form === '1099-K' ? cents > thresholdCents(form) : cents >= thresholdCents(form));

/** The form a payer of this kind usually sends: a platform that pays through its payment system 1099-K, a brand 1099-NEC. */
export const DEFAULT_FORM: Record<PayerKind, Form1099> = { platform: '1099-K', brand: '1099-NEC' };
/** The income map's kind a payer of this kind is counted under. */
const INCOME_KIND_OF: Record<PayerKind, IncomeKind> = { platform: 'platform', brand: 'brandDeals' };

export type Flag1099 =
  | { kind: 'amount-differs'; recordedCents: number; paidCents: number; words: string }
  | { kind: 'missing'; form: Form1099; words: string }
  | { kind: 'doubled'; form: Form1099; words: string };

export interface Check1099Row {
  payerId: string;
  name: string;
  expectedForms: Form1099[];
  /** What the payer paid in the year, in cents, and where the figure came from. */
  paidCents?: number;
  paidFrom: 'entered' | 'income-map' | 'none';
  received: Received1099[];
  flags: Flag1099[];
  status: 'ok' | 'waiting' | 'flagged' | 'no-figure';
}

export interface Check1099 {
  /** The tax year the forms are for: the year before today's. */
  year: number;
  /** January 1 to April 30 of the next year: the order page shows the checklist. */
  open: boolean;
  rows: Check1099Row[];
  notes: string[];
}

const usdCents = (cents: number) => formatExactCents(cents);

/** The saved tax plan's income map when the plan is for `year` (the check compares with it; the order page and the January email). */
export const incomeMapFor = (order: { savedTaxPlan?: { request: { year: number }; incomeMap?: IncomeMap } }, year: number): IncomeMap | undefined =>
  order.savedTaxPlan?.incomeMap && order.savedTaxPlan.request.year === year ? order.savedTaxPlan.incomeMap : undefined;

/**
 * The payers of a check expected to send a form (docs/decisions/0436, the January reminder): those
 * whose payments reach the threshold of a form expected from them, with those forms; a payer whose
 * payments we cannot tell, or below every threshold, is not named.
 */
export function payersExpectedToSend(check: Check1099): { name: string; forms: Form1099[] }[] {
  return check.rows.flatMap((row) => {
    const paid = row.paidCents;
    const forms = paid === undefined ? [] : row.expectedForms.filter((f) => reaches(f, paid));
    return forms.length ? [{ name: row.name, forms }] : [];
  });
}

/** The payer's stored year, if any. */
export const payerYear = (payer: Pick<StoredPayer, 'forms1099'>, year: number) => payer.forms1099?.find((y) => y.year === year);

/**
 * The checklist on `today` (YYYY-MM-DD) for the year before it. `incomeMap` is the saved tax
 * plan's map when the plan is for that year: a payer that is the only one of its kind on the list
 * and has no figure entered is taken to have paid that kind's line.
 */
export function form1099Check(payers: readonly StoredPayer[] | undefined, incomeMap: IncomeMap | undefined, today: string): Check1099 {
  const year = Number(today.slice(0, 4)) - 1;
  const month = Number(today.slice(5, 7));
  const open = month <= 4 && year >= form1099NEC.from;
  const notes = [
    `Form 1099-NEC and Form 1099-MISC are expected from a payer that paid you ${usdCents(thresholdCents('1099-NEC'))} or more in ${year}; Form 1099-K from a payment platform that paid you more than ${usdCents(thresholdCents('1099-K'))} in more than ${form1099K.transactions} payments.`,
    `${CHECK.misc.text} (${CHECK.misc.source.title})`,
    `${CHECK.necFurnish.text} (${CHECK.necFurnish.source.title}) A form not recorded once January is over is flagged so you can ask the payer or check its tax page.`,
    ...(year > federal.year
      ? [`From 2027 the $2,000 is adjusted for inflation; our figures are those of ${federal.year}, so a payer near the threshold may not send a form.`]
      : []),
  ];
  if (!open) return { year, open, rows: [], notes };
  const all = payers ?? [];
  const rows: Check1099Row[] = [];
  for (const payer of all) {
    const stored = payerYear(payer, year);
    const expectedForms = stored?.expectedForms?.length ? stored.expectedForms : [DEFAULT_FORM[payer.kind]];
    const received = stored?.received ?? [];
    const onlyOfKind = all.filter((p) => p.kind === payer.kind).length === 1;
    const fromMap = incomeMap && onlyOfKind ? Math.round(incomeMap[INCOME_KIND_OF[payer.kind]] * 100) : undefined;
    const paidCents = stored?.paidCents ?? (fromMap && fromMap > 0 ? fromMap : undefined);
    const paidFrom = stored?.paidCents !== undefined ? 'entered' : paidCents !== undefined ? 'income-map' : 'none';
    const due = paidCents !== undefined && expectedForms.some((f) => reaches(f, paidCents));
    if (!due && !received.length && paidCents !== undefined) continue;

    const flags: Flag1099[] = [];
    for (const form of FORMS_1099) {
      if (received.filter((r) => r.form === form).length > 1)
        flags.push({
          kind: 'doubled',
          form,
          words: `Two Forms ${form} are recorded for ${payer.name} for ${year}: if the payer sent a corrected form, keep only the corrected one; if they sent two, ask them why.`,
        });
    }
    if (paidCents !== undefined && received.length) {
      const recordedCents = received.reduce((sum, r) => sum + r.amountCents, 0);
      if (Math.abs(recordedCents - paidCents) > TOLERANCE_CENTS)
        flags.push({
          kind: 'amount-differs',
          recordedCents,
          paidCents,
          words: `${payer.name}'s form${received.length > 1 ? 's say' : ' says'} ${usdCents(recordedCents)}, but ${paidFrom === 'income-map' ? 'your income map says' : 'you recorded'} ${usdCents(paidCents)} paid in ${year}: check the payer's statement before you file, and ask for a corrected form if theirs is wrong.`,
        });
    }
    if (today >= `${year + 1}-02-01` && paidCents !== undefined) {
      for (const form of expectedForms) {
        if (form === '1099-K' || !reaches(form, paidCents) || received.some((r) => r.form === form)) continue;
        flags.push({
          kind: 'missing',
          form,
          words: `No Form ${form} from ${payer.name} is recorded for ${year}${form === '1099-NEC' ? ' (payers furnish it by January 31)' : ''}: check the payer's tax page or ask them for it. You report the income either way.`,
        });
      }
    }
    const status = flags.length ? 'flagged' : paidCents === undefined && !received.length ? 'no-figure' : received.length ? 'ok' : 'waiting';
    rows.push({ payerId: payer.id, name: payer.name, expectedForms, ...(paidCents !== undefined ? { paidCents } : {}), paidFrom, received, flags, status });
  }
  return { year, open, rows, notes };
}

/** The payer's stored years with `year` replaced by `next` (or removed when empty), the newest MAX_1099_YEARS kept. */
export function withPayerYear(years: readonly Payer1099Year[] | undefined, next: Payer1099Year): Payer1099Year[] {
  const others = (years ?? []).filter((y) => y.year !== next.year);
  const empty = next.paidCents === undefined && !next.expectedForms?.length && !next.received.length;
  return [...others, ...(empty ? [] : [next])].sort((a, b) => b.year - a.year).slice(0, MAX_1099_YEARS);
}
