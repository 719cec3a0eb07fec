import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quarterlyPlan } from '#shared/tax-plan.ts';
import { localToday, QuarterlyDates } from './QuarterlyDates.tsx';

// 90% of an $8,000 year in four parts: $1,800 each.
const plan = quarterlyPlan(8_000);

function renderOn(today: string) {
  render(<QuarterlyDates plan={plan} year={2026} figures={{ tax: 8_000, agi: 60_000 }} today={today} />);
  const items = within(screen.getByTestId('quarterly-instalments')).getAllByRole('listitem');
  return { past: items.filter((li) => li.dataset.past === 'true').map((li) => li.textContent ?? ''), today: screen.queryByTestId('quarterly-today') };
}

describe('the public planner’s quarterly dates on any day of the year', () => {
  it('February 1: nothing is past and nothing is said about being late', () => {
    const { past, today } = renderOn('2026-02-01');
    expect(past).toEqual([]);
    expect(today).toBeNull();
  });

  it('July 1: April 15 and June 15 are past, with what is owed now, the penalty and the annualised method', () => {
    const { past, today } = renderOn('2026-07-01');
    expect(past.map((t) => t.replace(/\s*\(past\).*/, ''))).toEqual(['April 15, 2026', 'June 15, 2026']);
    expect(today).toHaveTextContent('$3,600 is owed now');
    expect(today).toHaveTextContent('underpayment of estimated tax penalty');
    expect(today).toHaveTextContent('Form 2210 Schedule AI');
  });

  it('December 1: three dates are past; only January 15, 2027 is ahead', () => {
    const { past, today } = renderOn('2026-12-01');
    expect(past).toHaveLength(3);
    expect(screen.getByText('January 15, 2027').closest('li')?.dataset.past).toBe('false');
    expect(today).toHaveTextContent('$5,400 is owed now');
    // Within 60 days of the last date: 2027's dates at 100% of this year's $8,000 tax, labelled as ours.
    const next = screen.getByTestId('next-year-plan');
    expect(next).toHaveTextContent("Planned on our 2026 figures: the IRS's 2027 figures are not in our data yet.");
    expect(within(next).getAllByText('$2,000')).toHaveLength(4);
    expect(next).toHaveTextContent('January 18, 2028');
  });

  it('July 1: no next-year block yet', () => {
    renderOn('2026-07-01');
    expect(screen.queryByTestId('next-year-plan')).toBeNull();
  });

  it('the visitor’s own day, from their clock', () => {
    expect(localToday(new Date(2026, 11, 1, 23, 30))).toBe('2026-12-01');
  });
});
