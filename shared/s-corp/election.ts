import { sCorpElectionDeadline } from '../compliance/calendar.ts';
import { addMonths, longDate } from '../compliance/dates.ts';
import federal from '../data/federal-tax-2026.json' with { type: 'json' };
import answer from '../data/s-corp-election-answer.json' with { type: 'json' };

/**
 * The S-corporation election tracked to its end (docs/decisions/0422-election-tracked.md): after
 * the Form 2553 worksheet, staff record how and when the form was sent, then the IRS acceptance
 * letter (CP261) with the date the election takes effect. One pure function reads its state for
 * the order page, the staff modal and the compliance calendar. Facts: the federal data
 * (the deadline, Rev. Proc. 2013-30) and shared/data/s-corp-election-answer.json (the CP261, the
 * follow-up after 2 months and its phone line, with their IRS sources and the date checked).
 */

export const ELECTION_SENT_HOW = ['fax', 'mail'] as const;
export type ElectionSentHow = (typeof ELECTION_SENT_HOW)[number];

/** What the order holds of the election (functions/data/applications/item.ts `sCorpElection`). */
export interface ElectionRecord {
  /** How and when Form 2553 was sent, as recorded (absent when only the CP261 was recorded). */
  sent?: {
    how: ElectionSentHow;
    /** YYYY-MM-DD: the day it was faxed or mailed. */
    on: string;
    /** The fax number or address used. */
    to: string;
    note?: string;
  };
  /** YYYY-MM-DD: the date the CP261 says the election takes effect, once recorded. */
  effectiveOn?: string;
  /** The CP261 document of the vault. */
  letterId?: string;
}

export const ELECTION_ANSWER = answer;
export const ELECTION_LETTER = answer.letter;

/** The day the IRS answer is due: the follow-up point of the Form 2553 instructions, counted from the day sent. */
export const electionAnswerDue = (sentOn: string): string => addMonths(sentOn, answer.followUpAfterMonths);

export type ElectionState =
  | { state: 'not-started'; headline: string; detail: string[]; deadline: string }
  | { state: 'waiting'; headline: string; detail: string[]; sentOn: string; dueOn: string }
  | { state: 'overdue'; headline: string; detail: string[]; sentOn: string; dueOn: string; late: boolean }
  | { state: 'late'; headline: string; detail: string[]; sentOn: string; dueOn: string; deadline: string }
  | { state: 'in-effect'; headline: string; detail: string[]; sentOn?: string; effectiveOn: string };

const lateSteps = () => [
  `Sent after the deadline, the election counts from the LLC's first day only if the IRS grants relief under ${answer.lateRelief.authority}:`,
  ...answer.lateRelief.steps,
];

/**
 * The election's state on `today` (YYYY-MM-DD), from the LLC's formation date (the filing date,
 * else the payment date) and what was recorded: not started, sent and waiting for the answer
 * (its due date), late (sent after the deadline: the Rev. Proc. 2013-30 steps), overdue (no
 * CP261 by the due date: call the IRS), in effect (the CP261 is recorded).
 */
export function electionState(input: { formationDate: string; record?: ElectionRecord; today: string }): ElectionState {
  const { record, today } = input;
  const deadline = sCorpElectionDeadline(input.formationDate);
  const sent = record?.sent;
  const method = sent ? `${sent.how === 'fax' ? 'Faxed' : 'Mailed'} to the IRS on ${longDate(sent.on)}` : '';
  if (record?.effectiveOn)
    return {
      state: 'in-effect',
      headline: `S-corporation election in effect from ${longDate(record.effectiveOn)}`,
      detail: [
        record.letterId
          ? `The IRS accepted the election (letter ${ELECTION_LETTER}); the letter is in your document vault. Keep it with the LLC's records: your tax preparer will ask for it.`
          : `You told us the IRS accepted the election (letter ${ELECTION_LETTER}). Keep the letter with the LLC's records: your tax preparer will ask for it.`,
      ],
      ...(sent ? { sentOn: sent.on } : {}),
      effectiveOn: record.effectiveOn,
    };
  if (!sent)
    return {
      state: 'not-started',
      headline: 'Form 2553 not sent yet',
      detail: [
        today > deadline
          ? `The deadline for the LLC's first tax year was ${longDate(deadline)}: ${answer.lateRelief.authority} relief can still save it (see your worksheet).`
          : `The IRS must receive it by ${longDate(deadline)} for the election to count from the LLC's first day.`,
      ],
      deadline,
    };
  const dueOn = electionAnswerDue(sent.on);
  const late = sent.on > deadline;
  if (today > dueOn)
    return {
      state: 'overdue',
      headline: `No ${ELECTION_LETTER} by ${longDate(dueOn)}: call the IRS`,
      detail: [
        `${method}. The Form 2553 instructions say: when there is no answer within ${answer.followUpAfterMonths} months of the date of filing, call the IRS at ${answer.followUpPhone}.`,
        'Have the LLC’s EIN, the date the form was sent and the fax confirmation or mailing receipt at hand.',
        ...(late ? lateSteps() : []),
      ],
      sentOn: sent.on,
      dueOn,
      late,
    };
  if (late)
    return {
      state: 'late',
      headline: `Sent late: waiting for the IRS, its answer due by ${longDate(dueOn)}`,
      detail: [`${method}, after the deadline of ${longDate(deadline)}.`, ...lateSteps()],
      sentOn: sent.on,
      dueOn,
      deadline,
    };
  return {
    state: 'waiting',
    headline: `Sent: waiting for the IRS, its answer due by ${longDate(dueOn)}`,
    detail: [`${method}. The IRS confirms an accepted election by letter (${ELECTION_LETTER}); we add it to your vault when it arrives.`],
    sentOn: sent.on,
    dueOn,
  };
}

/** The federal data's words for the deadline and the late-election relief. */
export const ELECTION_DEADLINE_WORDS = federal.sCorporationElection.deadline;
