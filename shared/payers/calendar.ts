import { compareText } from '../compare-text.ts';
import type { CalendarEvent } from '../compliance/calendar.ts';
import { addYears, longDate } from '../compliance/dates.ts';
import { payerExpiry, type StoredPayer, YOUTUBE_TAX_FORMS } from './payers.ts';

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

/** The calendar's events with the payers' expiries merged in; undefined (no calendar before payment) stays undefined. */
export function withPayerTaxForms<E extends CalendarEvent[] | undefined>(events: E, payers: readonly StoredPayer[] | undefined, today: string): E {
  const extra = payerTaxFormEvents(payers, today);
  if (!events || !extra.length) return events;
  const order = (e: CalendarEvent) => `${e.date ?? '0000'}|${e.kind}`;
  return [...events, ...extra].sort((a, b) => compareText(order(a), order(b))) as E;
}
