import { compareText } from '../compare-text.ts';
import type { CalendarEvent } from '../compliance/calendar.ts';
import { addYears, longDate } from '../compliance/dates.ts';
import federal from '../data/federal-tax-2026.json' with { type: 'json' };
import taxForms from '../data/payer-tax-forms.json' with { type: 'json' };
import { forms1099CheckDay } from './forms-1099.ts';
import { payerExpiry, type StoredPayer, YOUTUBE_TAX_FORMS } from './payers.ts';

const { form1099NEC } = federal.informationReturns;
const CHECK = taxForms.form1099Check;

/**
 * Each payer's tax-form expiry on the compliance calendar (docs/decisions/0426-w9-switch.md):
 * where the platform sets one (YouTube's AdSense tax info: the end of the third full calendar
 * year after signing), a dated event to submit it again, from today to three years ahead as the
 * rest of the calendar. Merged into the calendar's order (undated first, then by date and kind).
 */
export function payerTaxFormEvents(payers: readonly StoredPayer[] | undefined, today: string): CalendarEvent[] {
  const until = addYears(today, 3);
  const out: CalendarEvent[] = [];
  for (const payer of payers ?? []) {
    const expiry = payerExpiry(payer);
    if (!expiry || expiry.expiresOn < today || expiry.expiresOn > until) continue;
    out.push({
      id: `payer-tax-form:${payer.id}`,
      kind: 'payer-tax-form',
      title: `${payer.name}: your US tax info expires; submit it again`,
      date: expiry.expiresOn,
      description: `Signed on ${longDate(payer.givenOn ?? '')}. ${YOUTUBE_TAX_FORMS.text} ${YOUTUBE_TAX_FORMS.withholding} Submit it again in AdSense for YouTube before ${longDate(expiry.expiresOn)}.`,
      source: { name: expiry.sourceTitle, url: expiry.sourceUrl, verifiedAt: YOUTUBE_TAX_FORMS.source.checked },
    });
  }
  return out;
}

/**
 * The January 1099 check on the calendar (docs/decisions/0430-january-1099-check.md): on January 31
 * after each tax year from the data's first (the day payers furnish Form 1099-NEC, IRS Publication
 * 15), while the order has payers, the check of the forms that year's payers should have sent.
 */
export function forms1099Events(payers: readonly StoredPayer[] | undefined, today: string): CalendarEvent[] {
  if (!payers?.length) return [];
  const until = addYears(today, 3);
  const out: CalendarEvent[] = [];
  const first = Math.max(Number(today.slice(0, 4)), form1099NEC.from + 1);
  for (let year = first; `${year}-01-31` <= until; year++) {
    const date = forms1099CheckDay(year - 1);
    if (date < today) continue;
    const names = payers.map((p) => p.name);
    out.push({
      id: `forms-1099:${year - 1}`,
      kind: 'forms-1099',
      title: `Forms 1099 for ${year - 1}: check they arrived`,
      date,
      description: `${CHECK.necFurnish.text} Record each form that arrives from ${listOf(names)} on your order page's checklist, with its amount: a form that differs from what the payer paid you, or one missing once January is over, is flagged. You report the income whether a form comes or not.`,
      source: { name: CHECK.necFurnish.source.title, url: CHECK.necFurnish.source.url, verifiedAt: CHECK.necFurnish.source.checked },
    });
  }
  return out;
}

const listOf = (items: string[]) => (items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The calendar's events with the payers' expiries and the January 1099 checks merged in; undefined (no calendar before payment) stays undefined. */
export function withPayerTaxForms<E extends CalendarEvent[] | undefined>(events: E, payers: readonly StoredPayer[] | undefined, today: string): E {
  const extra = [...payerTaxFormEvents(payers, today), ...forms1099Events(payers, today)];
  if (!events || !extra.length) return events;
  const order = (e: CalendarEvent) => `${e.date ?? '0000'}|${e.kind}`;
  return [...events, ...extra].sort((a, b) => compareText(order(a), order(b))) as E;
}
