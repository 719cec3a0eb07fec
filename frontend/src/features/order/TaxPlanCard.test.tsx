import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { computeSavedPlan, safeHarbourWords } from '#shared/saved-tax-plan.ts';
import { DEFAULT_RUNNING_COSTS, taxPlanAnswer } from '#shared/tax-plan.ts';
import { TaxPlanCard } from './TaxPlanCard.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const base: NonNullable<OrderView['taxPlan']> = { profit: 74_600, sCorpElectionDeadline: '2027-02-06', deadlineFrom: 'payment' };
const request = { year: 2026 as const, filingStatus: 'single' as const, profit: 60_000 };
const plan = computeSavedPlan({ request, savedAt: '2026-11-27T10:00:00.000Z' });
const saved: NonNullable<NonNullable<OrderView['taxPlan']>['saved']> = {
  savedAt: '2026-11-27T10:00:00.000Z',
  request,
  runningCosts: DEFAULT_RUNNING_COSTS,
  answer: taxPlanAnswer(plan),
  rule: safeHarbourWords(plan.quarterlyRule),
  summaryDocumentId: '1b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b',
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

  it('with a saved plan, lists its four amounts and the safe harbour in words, and links to change it', () => {
    show({ ...base, saved });
    const card = screen.getByTestId('saved-tax-plan');
    expect(card).toHaveTextContent('Your saved plan ($60,000 of profit): quarterly estimated tax for 2026');
    // $60,000 single: $12,037 of tax; 90% of it in four parts, rounded up.
    expect(screen.getAllByText('$2,709')).toHaveLength(4);
    expect(card).toHaveTextContent('January 15, 2027');
    expect(card).toHaveTextContent('Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax');
    expect(screen.getByRole('link', { name: 'Change the plan' })).toHaveAttribute('href', `/orders/${ID}/tax-plan`);
  });
});
