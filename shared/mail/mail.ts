import { addBusinessHours, BUSINESS_DAY_HOURS } from './business-hours.ts';

/**
 * The mail room (docs/decisions/0421-mail-room.md): each piece of mail our registered agent
 * address receives for an LLC, logged by staff with its scan. The kinds, what each means for the
 * customer in plain words, and the clock staff answer it within.
 */
export const MAIL_KINDS = ['service_of_process', 'state_notice', 'irs_notice', 'other', 'solicitation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  service_of_process: 'Service of process',
  state_notice: 'State notice',
  irs_notice: 'IRS notice',
  other: 'Other mail',
  solicitation: 'Likely solicitation',
};

/** What the mail means for the customer, in plain words (the email and the order page say it). */
export const MAIL_KIND_MEANING: Record<MailKind, string> = {
  service_of_process:
    'Someone has started a lawsuit or other legal proceeding against your LLC, and the law treats your LLC as formally told about it now. If nobody answers by the deadline, the court can decide against your LLC without hearing its side (a default judgment). Talk to a lawyer today.',
  state_notice: 'An official letter from the state about your LLC, such as an annual report reminder or a notice about its standing.',
  irs_notice: 'A letter from the IRS about your LLC’s taxes or its EIN. IRS letters often carry a response date: read it soon.',
  other: 'Mail addressed to your LLC at our registered agent address.',
  solicitation: 'Looks like an official notice but is an offer to sell a service; no government sends this.',
};

/** Why a solicitation is labelled, as the customer reads it. */
export const SOLICITATION_WHY =
  'It looks like an official notice but is an offer to sell a service; no government sends this. You do not have to pay it or answer it: your state’s own notices come from the state, and we tell you when one arrives.';

/** Unopened service of process is answered within 4 business hours; everything else within one business day. */
export const MAIL_CLOCK_HOURS: Record<MailKind, number> = {
  service_of_process: 4,
  state_notice: BUSINESS_DAY_HOURS,
  irs_notice: BUSINESS_DAY_HOURS,
  other: BUSINESS_DAY_HOURS,
  solicitation: BUSINESS_DAY_HOURS,
};

/** A list holds at most this many pieces of mail per order (the newest are kept on the item). */
export const MAX_MAIL_PER_ORDER = 200;

export interface MailClock {
  /** ISO instant: when staff must have handled it. */
  dueAt: string;
  hours: number;
  overdue: boolean;
}

/** The back office's clock of a piece of mail not handled yet: it runs from when it was logged, in business hours. */
export function mailClock(mail: { kind: MailKind; loggedAt: string }, now: string | number): MailClock {
  const hours = MAIL_CLOCK_HOURS[mail.kind];
  const dueAt = addBusinessHours(mail.loggedAt, hours);
  const nowMs = typeof now === 'number' ? now : Date.parse(now);
  return { dueAt, hours, overdue: nowMs > Date.parse(dueAt) };
}
