/** The kinds of event of the compliance calendar (a module of its own: the API schemas need them without the state data). */
export const CALENDAR_EVENT_KINDS = [
  'annual-report',
  'state-tax',
  'registered-agent-renewal',
  'operating-agreement',
  'publication',
  'estimated-tax',
  's-corp-election',
  /** The home state (where the owner lives, when it is not the filing state): registering the LLC there, its report and its tax. */
  'home-registration',
  'home-annual-report',
  'home-state-tax',
  /** The creator's name registered as a DBA: when the registration runs out (shared/state-facts/dba.ts). */
  'dba-renewal',
  /** A platform's own tax form on file running out (YouTube's AdSense tax info): shared/payers/calendar.ts. */
  'payer-tax-form',
  /** January 31 after a tax year: the Forms 1099 the payers should have sent (shared/payers/calendar.ts). */
  'forms-1099',
] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
