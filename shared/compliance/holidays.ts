// The days an IRS deadline cannot fall on, and the one rule that moves it (IRC section 7503): when
// the last day to file or pay falls on a Saturday, a Sunday or a legal holiday, the act is on time
// on the next day that is none of these. "Legal holiday" there means a legal holiday in the
// District of Columbia (IRC section 7503; Treas. Reg. section 301.7503-1(b)): the federal legal
// public holidays of 5 U.S.C. 6103(a), each observed on the Friday before when it falls on a
// Saturday and on the Monday after when it falls on a Sunday (5 U.S.C. 6103(b), Executive Order
// 11582), plus the District's own: DC Emancipation Day, April 16, observed the same way (D.C. Code
// section 1-612.02), which is why the IRS's April deadline moved to April 18 in 2022 and 2023, and
// Inauguration Day (January 20 after a presidential election, the Monday after when a Sunday;
// 5 U.S.C. 6103(c)). Every federal date the calendar and the tax plan compute goes through
// `irsDueDate`. Pure: the year is the only input.

import { addDays } from './dates.ts';

/** Where the rule and the list come from, named on every federal event. */
export const IRS_DUE_DATE_RULE =
  'IRC section 7503 (a deadline on a Saturday, Sunday or legal holiday moves to the next business day); legal holidays: 5 U.S.C. 6103 and D.C. Code section 1-612.02 (DC Emancipation Day, April 16)';

/** The rule in plain words, for the pages that show a moved date. */
export const IRS_DUE_DATE_WORDS =
  'A date that falls on a Saturday, a Sunday or a federal legal holiday (DC Emancipation Day, April 16, included) moves to the next business day (IRC section 7503).';

export interface Holiday {
  /** YYYY-MM-DD: the day it is observed (the Friday before or the Monday after when it falls on a weekend). */
  date: string;
  name: string;
  /** YYYY-MM-DD: the day itself, when it is observed on another. */
  actual?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The n-th given weekday (0 Sunday .. 6 Saturday) of a month; n = -1: the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = weekdayOf(year, month, 1);
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + 7 * (n - 1));
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekdayOf(year, month, lastDay);
  return iso(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** A fixed-date holiday, observed on the Friday before a Saturday and the Monday after a Sunday. */
function fixed(year: number, month: number, day: number, name: string): Holiday {
  const actual = iso(year, month, day);
  const weekday = weekdayOf(year, month, day);
  if (weekday === 6) return { date: addDays(actual, -1), name, actual };
  if (weekday === 0) return { date: addDays(actual, 1), name, actual };
  return { date: actual, name };
}

/**
 * The legal holidays in the District of Columbia of one year, as observed, by the rules above.
 * New Year's Day of the next year observed on December 31 of this one is listed with the next
 * year's (a Saturday, New Year's Day of `year + 1`, observed on December 31 of `year`).
 */
export function legalHolidays(year: number): Holiday[] {
  const list: Holiday[] = [
    fixed(year, 1, 1, "New Year's Day"),
    { date: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    fixed(year, 4, 16, 'DC Emancipation Day'),
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    ...(year >= 2021 ? [fixed(year, 6, 19, 'Juneteenth National Independence Day')] : []),
    fixed(year, 7, 4, 'Independence Day'),
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    fixed(year, 11, 11, 'Veterans Day'),
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    fixed(year, 12, 25, 'Christmas Day'),
  ];
  // Inauguration Day: January 20 of the year after a presidential election (2025, 2029, ...); a
  // Sunday moves it to the Monday, a Saturday is not observed on another day (5 U.S.C. 6103(c)).
  if (year % 4 === 1) {
    const weekday = weekdayOf(year, 1, 20);
    if (weekday === 0) list.push({ date: iso(year, 1, 21), name: 'Inauguration Day', actual: iso(year, 1, 20) });
    else if (weekday !== 6) list.push({ date: iso(year, 1, 20), name: 'Inauguration Day' });
  }
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The legal holiday observed on this day (YYYY-MM-DD), if any. */
export function legalHolidayOn(day: string): Holiday | undefined {
  const year = Number(day.slice(0, 4));
  // New Year's Day of the next year can be observed on December 31 of this one.
  return [...legalHolidays(year), ...legalHolidays(year + 1)].find((h) => h.date === day.slice(0, 10));
}

const isWeekend = (day: string) => {
  const weekday = weekdayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
  return weekday === 0 || weekday === 6;
};

/** Whether an IRS deadline can fall on this day: not a Saturday, a Sunday or a legal holiday. */
export function isBusinessDay(day: string): boolean {
  return !isWeekend(day) && !legalHolidayOn(day);
}

/**
 * The day an IRS deadline falls on (IRC section 7503): the day itself, or the next day that is
 * not a Saturday, a Sunday or a legal holiday (April 15, 2028, a Saturday: the Monday is DC
 * Emancipation Day observed, so Tuesday, April 18).
 */
export function irsDueDate(day: string): string {
  let date = day.slice(0, 10);
  while (!isBusinessDay(date)) date = addDays(date, 1);
  return date;
}
