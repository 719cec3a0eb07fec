// When a state's annual (or biennial) report and its franchise-type tax fall due, read from the
// dataset's wording into typed rules. Parsing is strict: wording that matches no known pattern is
// 'unparsed' (listed by unparsedStates()) rather than guessed, so a changed text is noticed.

import { feesFor, foreignRegistrationFor, JURISDICTION_CODES, taxRuleFor } from './facts.ts';

export type Frequency = 'annual' | 'biennial';

/** Due on a calendar date; the first one falls in the calendar year after formation. */
export interface FixedRule {
  kind: 'fixed';
  month: number;
  day: number;
  frequency: Frequency;
  /** When the filing window opens ("Jan 1 - Mar 31"). */
  opens?: { month: number; day: number };
  /** Biennial reports filed only in odd (or even) calendar years. */
  years?: 'odd' | 'even';
  /** Counted from the end of a calendar tax year ("after tax year end"). */
  calendarTaxYear?: true;
  /** The text itself says the first one falls in the year after formation (otherwise that is assumed). */
  firstYearStated?: true;
  /** A first report within this many days of formation (California's Statement of Information). */
  initialWithinDays?: number;
  text: string;
}

/** Due in the month (or quarter) of the formation anniversary. */
export interface AnniversaryRule {
  kind: 'anniversary';
  period: 'month' | 'quarter';
  /** 'before-first': before the first day of the anniversary month, i.e. by the last day of the month before. */
  day: 'first' | 'last' | 'date' | 'before-first';
  frequency: Frequency;
  /** The state describes a filing window around the anniversary month; the rule gives its anniversary-month end. */
  window?: true;
  initialWithinDays?: number;
  text: string;
}

/** N months after the end of a tax or fiscal year, taken as the calendar year (Dec 31). */
export interface AfterYearEndRule {
  kind: 'after-year-end';
  monthsAfter: number;
  day: number | 'last';
  frequency: Frequency;
  text: string;
}

/** A day in the Nth month of each tax year (California's annual tax: the 15th day of the 4th month). */
export interface InTaxYearRule {
  kind: 'in-tax-year';
  month: number;
  day: number;
  text: string;
}

/** Once, within N days of formation. */
export interface AfterFormationRule {
  kind: 'after-formation';
  days: number;
  text: string;
}

export type DueRule =
  | FixedRule
  | AnniversaryRule
  | AfterYearEndRule
  | InTaxYearRule
  | AfterFormationRule
  | { kind: 'none'; text: string }
  | { kind: 'unparsed'; text: string };

// ---------------------------------------------------------------------------------------------
// Parsing

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  fifteenth: 15,
  twentieth: 20,
};
const ORDINAL = `(\\d{1,2}(?:st|nd|rd|th)|${Object.keys(ORDINAL_WORDS).join('|')})`;

function ordinal(s: string): number {
  const word = ORDINAL_WORDS[s.toLowerCase()];
  return word ?? Number.parseInt(s, 10);
}

function validDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2024, month);
}

/**
 * Reads an annual report due-date text ("May 1", "Jan 1 - Mar 31", "Last day of anniversary month (Biennial)",
 * "Apr 1 (Biennial, odd years)", "N/A", "Within 90 days of formation", ...) into a rule.
 */
export function parseReportDue(text: string): DueRule {
  const unparsed: DueRule = { kind: 'unparsed', text };
  const m = /^(.*?)\s*(?:\(([^()]*)\))?\s*$/.exec(text.trim());
  if (!m) return unparsed;
  const main = m[1].trim().toLowerCase();
  let frequency: Frequency = 'annual';
  let years: 'odd' | 'even' | undefined;
  let calendarTaxYear = false;
  let firstYearStated = false;
  for (const flag of (m[2] ?? '').split(/[;,]/)) {
    const f = flag.trim().toLowerCase();
    if (f === '') continue;
    else if (f === 'biennial') frequency = 'biennial';
    else if (f === 'odd years' || f === 'even years') years = f === 'odd years' ? 'odd' : 'even';
    // The default for every calendar-date rule; said in so many words for DC.
    else if (f === 'first year after registration' || f === 'first year after formation') firstYearStated = true;
    else if (f === 'after tax year end') calendarTaxYear = true;
    // A fee remark (Montana charges nothing when the report is on time), not a date.
    else if (f === 'fee waived timely') continue;
    else return unparsed;
  }
  if (years && frequency !== 'biennial') return unparsed;

  if (/^(n\/a|none|not required)$/.test(main)) return { kind: 'none', text };

  const anniversary = (day: AnniversaryRule['day'], period: AnniversaryRule['period'] = 'month', window = false): DueRule =>
    years ? unparsed : { kind: 'anniversary', period, day, frequency, ...(window ? { window: true as const } : {}), text };
  if (/^(last day|end) of (the )?anniversary month$/.test(main)) return anniversary('last');
  if (/^(first|1st) day of (the )?anniversary month$/.test(main)) return anniversary('first');
  if (/^before (the )?(first|1st) day of (the )?anniversary month$/.test(main)) return anniversary('before-first');
  if (/^anniversary month$/.test(main)) return anniversary('last');
  if (/^anniversary month window$/.test(main)) return anniversary('last', 'month', true);
  if (/^anniversary date$/.test(main)) return anniversary('date');
  if (/^(end of (the )?)?anniversary quarter$/.test(main)) return anniversary('last', 'quarter');

  let r = /^within (\d{1,3}) days (of|after) formation$/.exec(main);
  if (r) return { kind: 'after-formation', days: Number(r[1]), text };
  r = /^within (\d{1,2}) months after (the )?(fiscal|tax) year end$/.exec(main);
  if (r) return { kind: 'after-year-end', monthsAfter: Number(r[1]), day: 'last', frequency, text };

  const fixed = (month: number, day: number, opens?: { month: number; day: number }): DueRule =>
    validDay(month, day) && (!opens || validDay(opens.month, opens.day))
      ? {
          kind: 'fixed',
          month,
          day,
          frequency,
          ...(opens ? { opens } : {}),
          ...(years ? { years } : {}),
          ...(calendarTaxYear ? { calendarTaxYear: true as const } : {}),
          ...(firstYearStated ? { firstYearStated: true as const } : {}),
          text,
        }
      : unparsed;
  r = new RegExp(`^${MONTH} (\\d{1,2})$`).exec(main);
  if (r) return fixed(MONTHS[r[1]], Number(r[2]));
  r = new RegExp(`^${MONTH} (\\d{1,2}) ?- ?${MONTH} (\\d{1,2})$`).exec(main);
  if (r) return fixed(MONTHS[r[3]], Number(r[4]), { month: MONTHS[r[1]], day: Number(r[2]) });
  return unparsed;
}

/**
 * Reads a franchise-tax due-date sentence (quoted from the statute or agency) into a rule. Sentences
 * that depend on another return's due date or on a filing frequency are left unparsed.
 */
export function parseTaxDue(text: string | null): DueRule {
  if (!text) return { kind: 'unparsed', text: '' };
  const unparsed: DueRule = { kind: 'unparsed', text };
  // Due with another return ("the federal return"), by filing frequency, or by a cross-reference: not a date of its own.
  if (/monthly|quarter|federal (income )?returns?|section \d|§/i.test(text)) return unparsed;
  if (/last day of the anniversary month/i.test(text)) return { kind: 'anniversary', period: 'month', day: 'last', frequency: 'annual', text };
  if (/first day of the (anniversary month|month of organization)/i.test(text))
    return { kind: 'anniversary', period: 'month', day: 'first', frequency: 'annual', text };
  let r = new RegExp(`${ORDINAL} day of the ${ORDINAL} month (following|after) the (close|end) of`, 'i').exec(text);
  if (r) return { kind: 'after-year-end', monthsAfter: ordinal(r[2]), day: ordinal(r[1]), frequency: 'annual', text };
  r = new RegExp(`${ORDINAL} day of the ${ORDINAL} month of (your|the|its) tax(able)? year`, 'i').exec(text);
  if (r) return { kind: 'in-tax-year', month: ordinal(r[2]), day: ordinal(r[1]), text };
  r = new RegExp(`${ORDINAL} day of ${MONTH}`, 'i').exec(text);
  if (r) {
    const month = MONTHS[r[2].toLowerCase()];
    const day = ordinal(r[1]);
    return validDay(month, day) ? { kind: 'fixed', month, day, frequency: 'annual', text } : unparsed;
  }
  r = new RegExp(`\\b${MONTH} (\\d{1,2})(st|nd|rd|th)?\\b`, 'i').exec(text);
  if (r) {
    const month = MONTHS[r[1].toLowerCase()];
    const day = Number(r[2]);
    return validDay(month, day) ? { kind: 'fixed', month, day, frequency: 'annual', text } : unparsed;
  }
  return unparsed;
}

// ---------------------------------------------------------------------------------------------
// Per state

/**
 * California's first Statement of Information: the dataset gives it only in prose ("File a Statement
 * of Information within 90 days of initial registration and every two years thereafter"), in the
 * California foreign-registration record; the same statement is the one every California LLC files.
 */
function initialReportDays(code: string): number | undefined {
  const note = foreignRegistrationFor(code)?.ongoingObligationsNote ?? '';
  const m = /within (\d{1,3}) days of initial registration/i.exec(note);
  return m ? Number(m[1]) : undefined;
}

/** Every state's annual report and franchise-tax due rules, parsed from the dataset's wording. */
function parseAllRules(): { report: Map<string, DueRule>; tax: Map<string, DueRule> } {
  const report = new Map<string, DueRule>();
  const tax = new Map<string, DueRule>();
  for (const code of JURISDICTION_CODES) {
    let rule = parseReportDue(feesFor(code)!.annualReportDue);
    const initial = initialReportDays(code);
    if (initial !== undefined && (rule.kind === 'fixed' || rule.kind === 'anniversary')) rule = { ...rule, initialWithinDays: initial };
    report.set(code, rule);
    const taxRule = taxRuleFor(code);
    tax.set(code, !taxRule?.applies ? { kind: 'none', text: 'No franchise-type tax on a default LLC' } : parseTaxDue(taxRule.dueDate));
  }
  return { report, tax };
}

// Parsed on first use, not at import: a page that loads this module for one state's date does not
// pay for every state's wording before its first paint (docs/decisions/0439).
let parsed: ReturnType<typeof parseAllRules> | undefined;
const rules = () => (parsed ??= parseAllRules());

/** The annual report due rule of a state (two-letter code, any case); undefined for an unknown code. */
export function annualReportRule(state: string): DueRule | undefined {
  return rules().report.get(state.trim().toUpperCase());
}

/** The due rule of a state's franchise-type tax; { kind: 'none' } where no such tax applies to a default LLC. */
export function taxDueRule(state: string): DueRule | undefined {
  return rules().tax.get(state.trim().toUpperCase());
}

/** States whose due-date wording could not be read into a rule, sorted. */
export function unparsedStates(which: 'annual-report' | 'tax' = 'annual-report'): string[] {
  const all = which === 'tax' ? rules().tax : rules().report;
  return [...all]
    .filter(([, r]) => r.kind === 'unparsed')
    .map(([code]) => code)
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Dates

interface Ymd {
  y: number;
  m: number;
  d: number;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function iso({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function ymd(y: number, m: number, d: number | 'last'): Ymd {
  // Normalises month overflow (month 14 -> February of the next year) and clamps the day (Feb 30 -> Feb 28/29).
  const yy = y + Math.floor((m - 1) / 12);
  const mm = ((((m - 1) % 12) + 12) % 12) + 1;
  const last = daysInMonth(yy, mm);
  return { y: yy, m: mm, d: d === 'last' ? last : Math.min(d, last) };
}

function addDays(date: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function parseIso(s: string): Ymd {
  if (!isIsoDate(s)) throw new RangeError(`Not a date (YYYY-MM-DD): ${s}`);
  const [y, m, d] = s.split('-').map(Number);
  return { y, m, d };
}

const matchesParity = (year: number, parity: 'odd' | 'even' | undefined) => !parity || (year % 2 === 1) === (parity === 'odd');

/**
 * The first `count` due dates of a rule for an LLC formed on `formationDate` (YYYY-MM-DD), as
 * YYYY-MM-DD. [] for 'none'; undefined for 'unparsed' (the date cannot be known from the text).
 * Calendar-date rules start in the calendar year after formation (for a biennial rule without an
 * odd/even year or a stated first year, e.g. Alaska's, that start is an assumption: see scheduleYears);
 * anniversary rules on the first anniversary (the second for biennial ones); a first report
 * "within N days" comes first.
 */
export function datesFor(rule: DueRule, formationDate: string, count: number): string[] | undefined {
  const f = parseIso(formationDate);
  const n = Math.max(0, Math.floor(count));
  const out: Ymd[] = [];
  switch (rule.kind) {
    case 'none':
      return [];
    case 'unparsed':
      return undefined;
    case 'after-formation':
      if (n > 0) out.push(addDays(f, rule.days));
      break;
    case 'fixed': {
      if (rule.initialWithinDays !== undefined) out.push(addDays(f, rule.initialWithinDays));
      const step = rule.frequency === 'biennial' ? 2 : 1;
      let year = f.y + 1;
      while (!matchesParity(year, rule.years)) year++;
      for (; out.length < n; year += step) out.push(ymd(year, rule.month, rule.day));
      break;
    }
    case 'anniversary': {
      if (rule.initialWithinDays !== undefined) out.push(addDays(f, rule.initialWithinDays));
      const step = rule.frequency === 'biennial' ? 2 : 1;
      for (let k = step; out.length < n; k += step) {
        const y = f.y + k;
        if (rule.period === 'quarter') out.push(ymd(y, Math.ceil(f.m / 3) * 3, 'last'));
        else if (rule.day === 'first') out.push(ymd(y, f.m, 1));
        else if (rule.day === 'last') out.push(ymd(y, f.m, 'last'));
        else if (rule.day === 'date') out.push(ymd(y, f.m, f.d));
        else out.push(ymd(y, f.m - 1, 'last'));
      }
      break;
    }
    case 'after-year-end': {
      const step = rule.frequency === 'biennial' ? 2 : 1;
      // The first year end after formation is Dec 31 of the formation year.
      for (let y = f.y; out.length < n; y += step) out.push(ymd(y, 12 + rule.monthsAfter, rule.day));
      break;
    }
    case 'in-tax-year': {
      // The first tax year starts at formation: its Nth month counts the formation month as the first.
      out.push(ymd(f.y, f.m + rule.month - 1, rule.day));
      for (let y = f.y + 1; out.length < n; y++) {
        const next = ymd(y, rule.month, rule.day);
        if (iso(next) > iso(out[out.length - 1])) out.push(next);
      }
      break;
    }
  }
  return out.slice(0, n).map(iso);
}

/** The next `count` annual report due dates of a state for an LLC formed on `formationDate`; see datesFor. */
export function nextDueDates(state: string, formationDate: string, count: number): string[] | undefined {
  const rule = annualReportRule(state);
  return rule ? datesFor(rule, formationDate, count) : undefined;
}

/** The next `count` franchise-type tax due dates of a state; [] where no such tax applies. */
export function nextTaxDueDates(state: string, formationDate: string, count: number): string[] | undefined {
  const rule = taxDueRule(state);
  return rule ? datesFor(rule, formationDate, count) : undefined;
}

/**
 * In which of the first three years (1 = the year of formation) a rule's filings fall due.
 * Calendar-date rules count calendar years, anniversary rules anniversaries. Where the year depends
 * on the calendar (biennial reports in odd years) and no formation date is given, the filing is
 * placed in year 2 and `uncertain` says so; the count is the same either way.
 */
export function scheduleYears(rule: DueRule, formationDate?: string): { years: number[]; uncertain?: string } {
  switch (rule.kind) {
    case 'none':
    case 'unparsed':
      return { years: [] };
    case 'after-formation':
      return { years: [1] };
    case 'in-tax-year':
      return { years: [1, 2, 3] };
    case 'after-year-end':
      return { years: rule.frequency === 'annual' ? [2, 3] : [2] };
    case 'anniversary': {
      const years = rule.frequency === 'annual' ? [2, 3] : [3];
      return { years: rule.initialWithinDays !== undefined ? [1, ...years] : years };
    }
    case 'fixed': {
      const initial = rule.initialWithinDays !== undefined ? [1] : [];
      if (rule.frequency === 'annual') return { years: [...initial, 2, 3] };
      if (!rule.years) {
        return rule.firstYearStated
          ? { years: [...initial, 2] }
          : { years: [...initial, 2], uncertain: 'is counted in year 2: the data does not say whether the first one falls in year 2 or year 3' };
      }
      if (!formationDate)
        return { years: [...initial, 2], uncertain: `falls in ${rule.years}-numbered years: year 2 or year 3 depending on the year of formation` };
      const y = parseIso(formationDate).y;
      return { years: [...initial, matchesParity(y + 1, rule.years) ? 2 : 3] };
    }
  }
}

/** A short English description of a rule: "every year by May 1". */
export function describeRule(rule: DueRule): string {
  const every = (f: Frequency) => (f === 'biennial' ? 'every two years' : 'every year');
  const initial = (r: FixedRule | AnniversaryRule) => (r.initialWithinDays !== undefined ? `within ${r.initialWithinDays} days of formation, then ` : '');
  switch (rule.kind) {
    case 'none':
      return 'nothing to file';
    case 'unparsed':
      return `as the state words it: "${rule.text}"`;
    case 'after-formation':
      return `within ${rule.days} days of formation`;
    case 'in-tax-year':
      return `by day ${rule.day} of the ${ordinalSuffix(rule.month)} month of each tax year`;
    case 'after-year-end':
      return `${every(rule.frequency)}, ${rule.day === 'last' ? `within ${rule.monthsAfter} months` : `by day ${rule.day} of the ${ordinalSuffix(rule.monthsAfter)} month`} after the tax year ends`;
    case 'fixed': {
      const opens = rule.opens ? ` (filing opens ${MONTH_NAMES[rule.opens.month - 1]} ${rule.opens.day})` : '';
      const parity = rule.years ? ` in ${rule.years}-numbered years` : '';
      const taxYear = rule.calendarTaxYear ? ' (after a calendar tax year)' : '';
      return `${initial(rule)}${every(rule.frequency)} by ${MONTH_NAMES[rule.month - 1]} ${rule.day}${parity}${opens}${taxYear}`;
    }
    case 'anniversary': {
      const when =
        rule.period === 'quarter'
          ? 'by the end of the quarter of the formation anniversary'
          : {
              first: 'by the first day of the anniversary month',
              last: 'by the last day of the anniversary month',
              date: 'by the formation anniversary',
              'before-first': 'before the first day of the anniversary month',
            }[rule.day];
      return `${initial(rule)}${every(rule.frequency)} ${when}${rule.window ? ' (a filing window around that month)' : ''}`;
    }
  }
}

function ordinalSuffix(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
}
