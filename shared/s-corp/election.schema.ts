import { calendarDay } from '../common.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { ELECTION_SENT_HOW } from './election.ts';

/** POST /api/staff/applications/{id}/election: the Form 2553 recorded as sent (./election.ts). */
export const recordElectionSentSchema = z.strictObject({
  how: z.enum(ELECTION_SENT_HOW, { error: 'Choose fax or mail' }),
  sentOn: calendarDay('Enter the day it was sent as YYYY-MM-DD'),
  sentTo: text('Fax number or address used', 300, { min: 1 }),
  note: z.optional(text('Note', 1000, { multiline: true })),
});
export type RecordElectionSent = z.infer<typeof recordElectionSentSchema>;

/**
 * POST /api/orders/{id}/election/letter: the customer who filed Form 2553 themselves tells us the
 * IRS acceptance letter (CP261) arrived, with the date it says the election takes effect.
 */
export const recordElectionLetterSchema = z.strictObject({
  effectiveOn: calendarDay('Enter the date the letter gives as YYYY-MM-DD'),
});
export type RecordElectionLetter = z.infer<typeof recordElectionLetterSchema>;

/** The election's state as the order page and the staff modal show it (./election.ts electionState). */
export const electionViewSchema = z.object({
  state: z.enum(['not-started', 'waiting', 'overdue', 'late', 'in-effect']),
  headline: z.string(),
  detail: z.array(z.string()),
  sentOn: z.optional(z.string()),
  dueOn: z.optional(z.string()),
  effectiveOn: z.optional(z.string()),
  deadline: z.optional(z.string()),
  /** Filed by the customer (an order without the Form 2553 add-on): they record it from the order page. */
  selfFiled: z.optional(z.boolean()),
  /** The CP261 itself is in the vault (staff's upload, or the customer's for their own election: docs/decisions/0436). */
  letterOnFile: z.optional(z.boolean()),
  /** Staff only: how it was sent and to what, and where the worksheet says to send it (the form's prefill). */
  how: z.optional(z.enum(ELECTION_SENT_HOW)),
  sentTo: z.optional(z.string()),
  note: z.optional(z.string()),
  sendTo: z.optional(z.string()),
});
export type ElectionView = z.infer<typeof electionViewSchema>;
