/** The kinds of event of the compliance calendar (a module of its own: the API schemas need them without the state data). */
export const CALENDAR_EVENT_KINDS = [
  'annual-report',
  'state-tax',
  'registered-agent-renewal',
  'operating-agreement',
  'publication',
  'estimated-tax',
  's-corp-election',
] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
