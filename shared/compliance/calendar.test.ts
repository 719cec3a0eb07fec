import { describe, expect, it } from 'vitest';
import { nextDueDates, nextTaxDueDates, unparsedStates } from '../state-facts/due-dates.ts';
import { feesFor, JURISDICTION_CODES, taxRuleFor } from '../state-facts/facts.ts';
import { OUR_PRICE_LIST } from '../state-facts/our-prices.ts';
import { threeYearCost } from '../state-facts/three-year-cost.ts';
import { type CalendarEvent, type CalendarInput, complianceCalendar, deadlineSeries, formationDateOf, renewalStatus } from './calendar.ts';
import { addDays, addMonths, daysBetween, longDate } from './dates.ts';
import { nextReminder, RENEWAL_NOTICE_DAYS, STATE_DEADLINE_REMINDER_DAYS } from './reminders.ts';
import { PUBLICATION_RULES } from './rules.ts';

const TODAY = '2026-11-22';
const input = (state: string, over: Partial<CalendarInput> = {}): CalendarInput => ({
  state,
  formationDate: TODAY,
  addOns: { operatingAgreement: false, feinFiling: false },
  renewal: 'renews',
  ...over,
});
const calendar = (state: string, over: Partial<CalendarInput> = {}, today = TODAY) => complianceCalendar(input(state, over), { today })!;
const ofKind = (events: CalendarEvent[], kind: CalendarEvent['kind']) => events.filter((e) => e.kind === kind);

describe('complianceCalendar: every one of the 51 jurisdictions', () => {
  it.each(JURISDICTION_CODES.map((c) => [c]))('%s: dated or "check with the state", sourced, in order, within three years', (code) => {
    const events = calendar(code);
    expect(events.length).toBeGreaterThan(0);
    const until = '2029-11-22';
    for (const e of events) {
      const where = `${code} ${e.id}`;
      expect(e.title, where).not.toMatch(/undefined|NaN|null/);
      expect(e.description, where).not.toMatch(/undefined|NaN/);
      expect(e.source.name.length, where).toBeGreaterThan(0);
      expect(e.source.verifiedAt, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.source.url, where).toMatch(e.source === OUR_PRICE_LIST ? /^\/pricing$/ : /^https:\/\//);
      if (e.date === null) {
        expect(e.title, where).toMatch(/check with the state$/);
        expect(e.id).toBe(`${e.kind}:check`);
      } else {
        expect(e.date <= until, where).toBe(true);
        // Never the date: the id (and the .ics UID built from it) survives a move of the formation date.
        expect(e.id, where).not.toContain(e.date);
        expect(e.id.startsWith(e.kind), where).toBe(true);
      }
    }
    const dates = events.map((e) => e.date ?? '0000');
    expect(dates).toEqual([...dates].sort());
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // The report, where the state has one, is always there: dated, or undated and said so.
    const report = nextDueDates(code, TODAY, 1);
    if (report?.length) expect(ofKind(events, 'annual-report').length, code).toBeGreaterThan(0);
  });

  it('shows a state whose tax due date cannot be read as "check with the state", never a date', () => {
    const unparsed = unparsedStates('tax');
    expect(unparsed.length).toBeGreaterThan(0);
    for (const code of unparsed) {
      const tax = ofKind(calendar(code), 'state-tax');
      expect(tax, code).toHaveLength(1);
      expect(tax[0]).toMatchObject({ date: null, id: 'state-tax:check', title: `${feesFor(code)!.name} ${taxRuleFor(code)!.taxName}: check with the state` });
      expect(tax[0].description).toContain(taxRuleFor(code)!.dueDate ?? '');
    }
  });
});

describe('state deadlines', () => {
  it('Wyoming: one event a year, the annual report with its License Fee, on the first day of the anniversary month', () => {
    const events = calendar('WY');
    const reports = ofKind(events, 'annual-report');
    expect(reports.map((e) => e.date)).toEqual(['2027-11-01', '2028-11-01', '2029-11-01']);
    expect(reports[0].title).toBe('Wyoming annual report and License Fee');
    expect(reports[0].source.url).toBe(feesFor('WY')!.sourceUrl);
    expect(ofKind(events, 'state-tax')).toEqual([]);
    expect(nextDueDates('WY', TODAY, 1)).toEqual(['2027-11-01']);
  });

  it('Delaware: its yearly tax on June 1, counted once with the report', () => {
    const reports = ofKind(calendar('DE'), 'annual-report');
    expect(reports.map((e) => e.date)).toEqual(['2027-06-01', '2028-06-01', '2029-06-01']);
    expect(reports[0].description).toContain('at least $400');
  });

  it('California: the first Statement of Information within 90 days, the $800 tax each year, and the operating agreement', () => {
    const events = calendar('CA');
    expect(ofKind(events, 'annual-report').map((e) => e.date)).toEqual(['2027-02-20', '2028-11-30']);
    expect(ofKind(events, 'state-tax').map((e) => e.date)).toEqual(nextTaxDueDates('CA', TODAY, 4)!.filter((d) => d <= '2029-11-22'));
    expect(ofKind(events, 'state-tax')[0].description).toContain('$800 for the tax year 2026, the LLC’s first');
    const agreement = ofKind(events, 'operating-agreement');
    expect(agreement).toHaveLength(1);
    expect(agreement[0]).toMatchObject({ date: TODAY, title: 'California operating agreement: required' });
  });

  it('New York: the operating agreement within 90 days and publication within 120 days', () => {
    const events = calendar('NY');
    expect(ofKind(events, 'operating-agreement')).toMatchObject([{ date: addDays(TODAY, 90), title: 'New York operating agreement: adopt within 90 days' }]);
    expect(ofKind(events, 'publication')).toMatchObject([{ date: addDays(TODAY, 120) }]);
    expect(ofKind(events, 'publication')[0].source.url).toBe('https://www.nysenate.gov/legislation/laws/LLC/206');
    // What to do, what happens if it is skipped, and that its cost is not in our data (said, not left out).
    const [publication] = ofKind(events, 'publication');
    expect(publication.title).toBe('New York publication: deadline');
    expect(publication.description).toContain('two newspapers (one daily, one weekly)');
    expect(publication.description).toContain('If it is not done, the LLC’s authority to carry on business in New York is suspended');
    expect(publication.description).toContain('What the newspapers charge is not in our data');
  });

  it('gives every state with a publication rule its deadline on the calendar and in the three-year cost, and no other state one', () => {
    for (const code of JURISDICTION_CODES) {
      const rule = PUBLICATION_RULES[code];
      const events = ofKind(calendar(code), 'publication');
      const note = threeYearCost(code)!.notes.find((n) => n.startsWith(`${feesFor(code)!.name} publication`));
      if (!rule) {
        expect(events, code).toEqual([]);
        expect(note, code).toBeUndefined();
        continue;
      }
      expect(
        events.map((e) => e.date),
        code,
      ).toEqual([addDays(TODAY, rule.withinDays)]);
      expect(note, code).toContain(`required within ${rule.withinDays} days of formation`);
    }
  });

  it('Maine and Missouri require an operating agreement; Florida does not', () => {
    expect(ofKind(calendar('ME'), 'operating-agreement')).toHaveLength(1);
    expect(ofKind(calendar('MO'), 'operating-agreement')).toHaveLength(1);
    expect(ofKind(calendar('FL'), 'operating-agreement')).toEqual([]);
    expect(ofKind(calendar('FL'), 'publication')).toEqual([]);
  });

  it('mentions the ordered operating agreement template', () => {
    expect(ofKind(calendar('NY', { addOns: { operatingAgreement: true, feinFiling: false } }), 'operating-agreement')[0].description).toContain(
      'You ordered our operating agreement template',
    );
    expect(ofKind(calendar('NY'), 'operating-agreement')[0].description).not.toContain('You ordered');
  });

  it('keeps the required agreement of CA, ME and MO when time has passed, and drops past dated deadlines', () => {
    const later = calendar('CA', {}, '2027-06-01');
    expect(ofKind(later, 'operating-agreement')).toHaveLength(1);
    expect(ofKind(later, 'annual-report').map((e) => e.date)).toEqual(['2028-11-30']);
    expect(ofKind(calendar('NY', {}, '2027-06-01'), 'operating-agreement')).toEqual([]);
  });
});

describe('the home state, when the owner lives elsewhere', () => {
  it('California resident forming in Wyoming: California’s registration, Statement of Information and $800 tax, each sourced', () => {
    const events = calendar('WY', { residence: 'CA' });
    const [registration] = ofKind(events, 'home-registration');
    expect(registration).toMatchObject({
      state: 'CA',
      date: TODAY,
      amountUsd: 70,
      title: 'Register the LLC in California, your home state (Application to Register)',
    });
    expect(registration.description).toContain('File the Application to Register with the California Secretary of State. The fee: $70.');
    expect(registration.description).toContain('The form: https://www.sos.ca.gov/');
    expect(registration.source.url).toMatch(/^https:\/\/www\.sos\.ca\.gov\//);
    const tax = ofKind(events, 'home-state-tax');
    expect(tax.map((e) => e.date)).toEqual(['2027-02-15', '2027-04-15', '2028-04-15', '2029-04-15']);
    for (const e of tax)
      expect(e).toMatchObject({
        state: 'CA',
        amountUsd: 800,
        title: expect.stringMatching(/^California Annual Tax for \d{4} \(\w+ tax year\) \(home state\)$/),
      });
    expect(tax[0].source.url).toMatch(/ftb\.ca\.gov/);
    const report = ofKind(events, 'home-annual-report');
    expect(report.map((e) => e.date)).toEqual(['2027-02-20', '2028-11-30']);
    expect(report[0].description).toContain('File a Statement of Information within 90 days');
    expect(report[0].amountUsd).toBe(20);
    // Wyoming's own report is still there, and the same-state owner sees no home-state event.
    expect(ofKind(events, 'annual-report')[0].state).toBe('WY');
    expect(calendar('WY', { residence: 'WY' }).some((e) => e.kind.startsWith('home-'))).toBe(false);
    expect(calendar('WY').some((e) => e.kind.startsWith('home-'))).toBe(false);
  });

  it('keeps the registration on the calendar once its day has passed (we cannot know it was done)', () => {
    expect(ofKind(calendar('WY', { residence: 'CA' }, '2027-06-01'), 'home-registration')).toHaveLength(1);
  });

  it('says so where the dataset has not researched the home state’s registration (New York)', () => {
    const [registration] = ofKind(calendar('WY', { residence: 'NY' }), 'home-registration');
    expect(registration.description).toContain("We have not yet researched New York's foreign registration");
    expect(registration.amountUsd).toBeUndefined();
  });

  it.each([
    ['WY', 'CA'],
    ['DE', 'TX'],
    ['NV', 'TX'],
    ['FL', 'NY'],
    ['WY', 'AK'],
    ['NM', 'ME'],
    ['WY', 'DE'],
    ['TX', 'NV'],
    ['DE', 'WY'],
  ])('%s filed by a %s resident: every home-state amount is the one the three-year cost counted', (state, residence) => {
    const cost = threeYearCost(state, residence, { formationDate: TODAY })!;
    const events = calendar(state, { residence });
    const home = events.filter((e) => e.state === residence);
    expect(home.length).toBeGreaterThan(0);
    const key = {
      'home-registration': ['foreign-registration'],
      'home-annual-report': ['annual-report', 'state-tax'],
      'home-state-tax': ['state-tax'],
    } as const;
    for (const e of home) {
      const lines = cost.lines.filter((l) => l.state === residence && (key[e.kind as keyof typeof key] as readonly string[]).includes(l.key) && l.amount > 0);
      if (e.amountUsd === undefined) expect(lines, e.id).toEqual([]);
      else {
        expect(
          lines.map((l) => l.amount),
          e.id,
        ).toContain(e.amountUsd);
        expect(
          lines.map((l) => l.source),
          e.id,
        ).toContainEqual(e.source);
      }
    }
    // And every home-state payment the cost counted is on the calendar.
    const counted = new Set(cost.lines.filter((l) => l.state === residence && l.key !== 'registered-agent' && l.amount > 0).map((l) => l.amount));
    for (const amount of counted)
      expect(
        home.some((e) => e.amountUsd === amount),
        `${amount}`,
      ).toBe(true);
  });
});

describe('event ids', () => {
  it('stay the same when the filing date replaces the payment date, while the dates move', () => {
    const paid = calendar('WY', { residence: 'CA' });
    const filed = calendar('WY', { residence: 'CA', formationDate: '2026-12-28' });
    const day = (events: CalendarEvent[], id: string) => events.find((e) => e.id === id)?.date;
    for (const id of [
      'annual-report:1',
      'home-registration',
      'home-state-tax:1',
      'home-annual-report:1',
      'registered-agent-renewal:1',
      's-corp-election:first-year',
    ]) {
      expect(day(paid, id), id).toBeDefined();
      expect(day(filed, id), id).toBeDefined();
      expect(day(filed, id), id).not.toBe(day(paid, id));
    }
    expect(day(paid, 'annual-report:1')).toBe('2027-11-01');
    expect(day(filed, 'annual-report:1')).toBe('2027-12-01');
    // The federal quarters are fixed days: named by tax year and quarter.
    expect(day(paid, 'estimated-tax:2027-q1')).toBe('2027-04-15');
    expect(day(filed, 'estimated-tax:2027-q1')).toBe('2027-04-15');
  });
});

describe('the registered agent renewal', () => {
  it('renews each year at the published price when agreed', () => {
    const renewals = ofKind(calendar('WY'), 'registered-agent-renewal');
    expect(renewals.map((e) => e.date)).toEqual(['2027-11-22', '2028-11-22', '2029-11-22']);
    expect(renewals[0].title).toBe('Registered agent renewal: $125');
    expect(renewals[0].description).toContain('30 and 7 days before');
    expect(renewals[0].source).toBe(OUR_PRICE_LIST);
  });

  it('ends once when declined or cancelled, and is absent with the customer’s own agent', () => {
    expect(ofKind(calendar('WY', { renewal: 'ends' }), 'registered-agent-renewal')).toMatchObject([
      { date: '2027-11-22', title: 'Registered agent service ends' },
    ]);
    const cancelled = ofKind(calendar('WY', { renewal: 'cancelled', renewalCancelledAt: '2027-01-05T10:00:00.000Z' }), 'registered-agent-renewal');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].description).toContain('You cancelled the renewal on January 5, 2027');
    expect(ofKind(calendar('WY', { renewal: 'own-agent' }), 'registered-agent-renewal')).toEqual([]);
    expect(ofKind(calendar('WY', { renewal: 'undecided' }), 'registered-agent-renewal')[0].description).toContain('your choice');
  });

  it('reads the status from the filing details and the cancellation', () => {
    expect(renewalStatus(undefined)).toBe('undecided');
    expect(renewalStatus({ kind: 'own' })).toBe('own-agent');
    expect(renewalStatus({ kind: 'ours', renewalConsent: false })).toBe('ends');
    expect(renewalStatus({ kind: 'ours', renewalConsent: true })).toBe('renews');
    expect(renewalStatus({ kind: 'ours', renewalConsent: true }, '2027-01-01T00:00:00Z')).toBe('cancelled');
  });
});

describe('federal dates', () => {
  it('lists the quarterly estimated tax, a date on a weekend or legal holiday moved to the next business day', () => {
    const dates = ofKind(calendar('FL'), 'estimated-tax').map((e) => e.date);
    // January 15, 2028 is a Saturday and Monday the 17th is Martin Luther King, Jr. Day.
    expect(dates.slice(0, 5)).toEqual(['2027-01-15', '2027-04-15', '2027-06-15', '2027-09-15', '2028-01-18']);
    // April 15, 2028 is a Saturday and Monday the 17th is DC Emancipation Day observed.
    expect(dates).toContain('2028-04-18');
    expect(ofKind(calendar('FL'), 'estimated-tax')[0].title).toBe('Federal estimated tax, 4th quarter 2026');
  });

  it('closes the first S-corporation window 2 months and 15 days into the first tax year (IRS: Jan 7 -> Mar 21), then March 15 each year', () => {
    const events = ofKind(calendar('FL', { formationDate: '2027-01-07' }, '2027-01-07'), 's-corp-election');
    // March 21, 2027 is a Sunday: the next business day.
    expect(events.map((e) => e.date)).toEqual(['2027-03-22', '2028-03-15', '2029-03-15']);
    expect(events[0].description).toContain('the tax planner on our website shows your own break-even');
    // No dollar range of its own: where the election pays depends on the creator's numbers.
    expect(events[0].description).not.toMatch(/\$\d/);
    expect(events[0].description).toContain('not tax advice');
    expect(events[0].description).toContain('we can apply for it as an add-on');
    expect(ofKind(calendar('FL', { addOns: { operatingAgreement: false, feinFiling: true } }), 's-corp-election')[0].description).toContain(
      'you ordered our EIN application',
    );
  });
});

describe('deadlineSeries (what the reminder sweep follows)', () => {
  it('has the state deadlines and the renewal, and no series for a rule without dates', () => {
    expect(deadlineSeries(input('NY')).map((s) => s.kind)).toEqual([
      'annual-report',
      'state-tax',
      'operating-agreement',
      'publication',
      'registered-agent-renewal',
      'estimated-tax',
    ]);
    expect(deadlineSeries(input('AL')).map((s) => s.kind)).toEqual(['registered-agent-renewal', 'estimated-tax']);
    expect(deadlineSeries(input('WY', { renewal: 'own-agent' })).map((s) => s.kind)).toEqual(['annual-report', 'estimated-tax']);
    expect(deadlineSeries(input('WY'))[0].dates.slice(0, 2)).toEqual(['2027-11-01', '2028-11-01']);
    expect(deadlineSeries(input('ZZ'))).toEqual([]);
  });

  it('agrees with the calendar on every dated state deadline', () => {
    for (const code of JURISDICTION_CODES) {
      const events = calendar(code);
      for (const series of deadlineSeries(input(code))) {
        const shown = events.filter((e) => e.kind === series.kind && e.date !== null).map((e) => e.date);
        for (const date of shown) expect(series.dates, `${code} ${series.kind}`).toContain(date);
      }
    }
  });
});

describe('nextReminder', () => {
  const dates = ['2027-03-01', '2028-03-01'];
  it('goes 30, 14 and 3 days before each deadline, then to the next one', () => {
    expect(nextReminder(dates, STATE_DEADLINE_REMINDER_DAYS, '2026-11-22')).toEqual({ dueOn: '2027-03-01', daysBefore: 30, sendOn: '2027-01-30' });
    expect(nextReminder(dates, STATE_DEADLINE_REMINDER_DAYS, '2027-01-31')).toEqual({ dueOn: '2027-03-01', daysBefore: 14, sendOn: '2027-02-15' });
    expect(nextReminder(dates, STATE_DEADLINE_REMINDER_DAYS, '2027-02-16')).toEqual({ dueOn: '2027-03-01', daysBefore: 3, sendOn: '2027-02-26' });
    expect(nextReminder(dates, STATE_DEADLINE_REMINDER_DAYS, '2027-02-27')).toEqual({ dueOn: '2028-03-01', daysBefore: 30, sendOn: '2028-01-31' });
    expect(nextReminder(dates, STATE_DEADLINE_REMINDER_DAYS, '2028-03-01')).toBeUndefined();
  });

  it('announces the renewal 30 and 7 days before', () => {
    expect(nextReminder(['2027-11-22'], RENEWAL_NOTICE_DAYS, '2027-10-24')).toEqual({ dueOn: '2027-11-22', daysBefore: 7, sendOn: '2027-11-15' });
  });

  it('never sends a reminder late: a deadline 2 days away gets none', () => {
    expect(nextReminder(['2026-11-24'], STATE_DEADLINE_REMINDER_DAYS, TODAY)).toBeUndefined();
  });
});

describe('dates', () => {
  it('adds months at the end of a month and counts days', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(longDate('2027-03-01')).toBe('March 1, 2027');
  });

  it('counts from the filing date once filed, else from the payment date', () => {
    expect(formationDateOf({ paidAt: '2026-11-22T18:00:00.000Z' })).toEqual({ date: '2026-11-22', from: 'payment' });
    expect(formationDateOf({ paidAt: '2026-11-22T18:00:00.000Z', filedOn: '2026-11-30' })).toEqual({ date: '2026-11-30', from: 'filing' });
    expect(formationDateOf({})).toBeUndefined();
  });
});
