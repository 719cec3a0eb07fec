/**
 * Dates as customers read them ("November 26, 2026"): the one formatter of the emails and the
 * server's sentences. A calendar day (YYYY-MM-DD: a deadline, a renewal date) is written as it
 * is, in no time zone; a moment (a payment's timestamp) is written as the day it was where the
 * customer lives when that is known (their home state's main time zone), else in UTC.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Each state's time zone where most of its people live (a few states span two). */
const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The time zone of a customer who lives in `stateCode`, when there is one. */
export function timeZoneOfState(stateCode: string | undefined): string | undefined {
  return stateCode ? STATE_TIME_ZONES[stateCode.trim().toUpperCase()] : undefined;
}

/** "November 26, 2026": a calendar day as it is, a moment as its day in `timeZone` (UTC when unknown). */
export function writtenDate(value: string, timeZone?: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${MONTHS[Number(day[2]) - 1]} ${Number(day[3])}, ${day[1]}`;
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(moment);
}

/** "November 25, 2026 at 10:30 UTC": a moment to the minute (an expiry), in UTC; anything unreadable unchanged. */
export function writtenMoment(value: string): string {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  const time = `${String(moment.getUTCHours()).padStart(2, '0')}:${String(moment.getUTCMinutes()).padStart(2, '0')}`;
  return `${writtenDate(moment.toISOString())} at ${time} UTC`;
}

/** A state's processing time as the data words it is a sentence of its own when the state publishes none. */
export function processingTimeIsSentence(processingTime: string): boolean {
  return /publishes no standard processing time|no standard processing time published/i.test(processingTime);
}

/**
 * A state's published processing time in a sentence of ours. The data's wording varies (a figure,
 * "Up to 3 weeks (by mail)", a whole sentence), so it follows a colon as written; where the state
 * publishes none, that sentence alone ("Delaware publishes no standard processing time.").
 */
export function processingTimeSentence(stateName: string, processingTime: string): string {
  const time = processingTime.trim().replace(/\.$/, '');
  return processingTimeIsSentence(time) ? `${time}.` : `${stateName}'s own published processing time: ${time}.`;
}
