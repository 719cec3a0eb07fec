import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { stateRegistrationUnknown } from '#shared/s-corp/payroll.ts';
import { computeSavedPlan, planOnDay } from '#shared/saved-tax-plan.ts';
import { DEFAULT_RUNNING_COSTS, taxPlanAnswer, yearFiguresOf } from '#shared/tax-plan.ts';
import { TaxPlanCard } from './TaxPlanCard.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const base: NonNullable<OrderView['taxPlan']> = { profit: 74_600, sCorpElectionDeadline: '2027-02-06', deadlineFrom: 'payment' };
const request = { year: 2026 as const, filingStatus: 'single' as const, profit: 60_000 };
const plan = computeSavedPlan({ request, savedAt: '2026-11-27T10:00:00.000Z' });
/** The saved plan as the server's view gives it on `today` (functions/orders/view.ts). */
const savedOn = (today: string): NonNullable<NonNullable<OrderView['taxPlan']>['saved']> => {
  const onDay = planOnDay(plan, today, { year: yearFiguresOf(plan) });
  return {
    savedAt: '2026-11-27T10:00:00.000Z',
    request,
    runningCosts: DEFAULT_RUNNING_COSTS,
    answer: taxPlanAnswer(plan),
    rule: onDay.rule,
    onDay,
    summaryDocumentId: '1b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b',
  };
};

const show = (taxPlan: NonNullable<OrderView['taxPlan']>) =>
  render(
    <MemoryRouter>
      <TaxPlanCard orderId={ID} plan={taxPlan} />
    </MemoryRouter>,
  );

describe('the order page’s tax plan card', () => {
  it('without a saved plan, opens the planner on the order at the wizard’s profit', () => {
    show(base);
    const link = screen.getByRole('link', { name: /See whether the election pays at your profit \(\$74,600 a year/ });
    expect(link).toHaveAttribute('href', `/orders/${ID}/tax-plan`);
    expect(screen.queryByTestId('saved-tax-plan')).toBeNull();
  });

  it('with a saved plan, before any date has passed, lists its four amounts due, the safe harbour and its promise, and links to change it', () => {
    show({ ...base, saved: savedOn('2026-02-01') });
    const card = screen.getByTestId('saved-tax-plan');
    expect(card).toHaveTextContent('Your saved plan ($60,000 of profit): quarterly estimated tax for 2026, as of February 1, 2026');
    // $60,000 single: $12,037 of tax; 90% of it in four parts, rounded up.
    expect(screen.getAllByText('$2,709')).toHaveLength(4);
    expect(within(screen.getByTestId('saved-tax-plan-dates')).getAllByText('Due')).toHaveLength(4);
    expect(card).toHaveTextContent('January 15, 2027');
    expect(card).toHaveTextContent('Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax');
    expect(card).toHaveTextContent('Paying at least that much by each date means no underpayment penalty');
    expect(screen.queryByTestId('saved-tax-plan-catch-up')).toBeNull();
    expect(screen.getByRole('link', { name: 'Change the plan' })).toHaveAttribute('href', `/orders/${ID}/tax-plan`);
  });

  it('saved on December 1: three dates marked past, what is owed now if unpaid, the penalty and Schedule AI, and no promise of no penalty', () => {
    show({ ...base, saved: savedOn('2026-12-01') });
    const card = screen.getByTestId('saved-tax-plan');
    const dates = within(screen.getByTestId('saved-tax-plan-dates')).getAllByRole('listitem');
    expect(dates.map((li) => li.textContent)).toEqual([
      'April 15, 2026Past$2,709',
      'June 15, 2026Past$2,709',
      'September 15, 2026Past$2,709',
      'January 15, 2027Due$2,709',
    ]);
    const catchUp = screen.getByTestId('saved-tax-plan-catch-up');
    expect(catchUp).toHaveTextContent('If you have not paid those instalments, $8,127 is owed now');
    expect(catchUp).toHaveTextContent('underpayment of estimated tax penalty');
    expect(catchUp).toHaveTextContent('https://www.irs.gov/taxtopics/tc306');
    expect(catchUp).toHaveTextContent('Form 2210 Schedule AI');
    expect(card).not.toHaveTextContent('means no underpayment penalty');
  });

  it('on July 1, 2026: April and June past, September and January due', () => {
    show({ ...base, saved: savedOn('2026-07-01') });
    const marks = within(screen.getByTestId('saved-tax-plan-dates'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(marks).toEqual(['April 15, 2026Past$2,709', 'June 15, 2026Past$2,709', 'September 15, 2026Due$2,709', 'January 15, 2027Due$2,709']);
    expect(screen.getByTestId('saved-tax-plan-catch-up')).toHaveTextContent('$5,418 is owed now');
    expect(screen.getByTestId('saved-tax-plan')).not.toHaveTextContent('means no underpayment penalty');
  });

  it("on February 1, 2027: every 2026 date past, and 2027's dates planned on the 2026 figures, labelled as ours", () => {
    show({ ...base, saved: savedOn('2027-02-01') });
    expect(within(screen.getByTestId('saved-tax-plan-dates')).queryAllByText('Due')).toHaveLength(0);
    expect(screen.getByTestId('saved-tax-plan-catch-up')).toHaveTextContent('$10,836 is owed now');
    const next = screen.getByTestId('next-year-plan');
    expect(within(next).getByTestId('next-year-plan-label')).toHaveTextContent("Planned on our 2026 figures: the IRS's 2027 figures are not in our data yet.");
    // 100% of the 2026 tax ($12,037) in four parts, on 2027's IRS dates.
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['April 15, 2027$3,010', 'June 15, 2027$3,010', 'September 15, 2027$3,010', 'January 18, 2028$3,010']);
  });

  it('with a salary in the plan: starting payroll, its reasoning, that the salary is the creator’s decision, and the checklist', () => {
    const payroll = {
      salary: 40_000,
      reasoning: [{ text: 'The planner took a salary of $40,000.' }, { text: 'The salary is your decision, not ours.' }],
      checklist: {
        federal: [{ id: 'ein', text: 'Your LLC needs its EIN before payroll can start.' }],
        state: [{ id: 'state-registration', text: stateRegistrationUnknown('Florida') }],
      },
      sourceUrl: 'https://www.irs.gov/',
      checked: '2026-12-02',
    };
    show({ ...base, saved: { ...savedOn('2026-07-01'), payroll } });
    const box = screen.getByTestId('payroll-hand-off');
    expect(box).toHaveTextContent('Starting payroll for your $40,000 salary');
    expect(box).toHaveTextContent('The salary is your decision, not ours.');
    expect(within(box).getAllByRole('listitem')).toHaveLength(2);
    expect(box).toHaveTextContent('Income tax withheld this year');
    expect(box).toHaveTextContent("Our data has nothing on Florida's employer registration for state income tax withholding or for unemployment insurance");
  });

  it('on July 1, 2026 there is no next-year block; on December 1 there is', () => {
    const { unmount } = show({ ...base, saved: savedOn('2026-07-01') });
    expect(screen.queryByTestId('next-year-plan')).toBeNull();
    unmount();
    show({ ...base, saved: savedOn('2026-12-01') });
    expect(screen.getByTestId('next-year-plan')).toHaveTextContent('Your 2027 quarterly estimated tax');
  });
});
