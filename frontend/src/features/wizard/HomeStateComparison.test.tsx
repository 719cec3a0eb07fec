import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatUsd } from '#shared/money.ts';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';

/** No operator settings read in these tests: no office, so no agent of ours is priced. */
const NO_OFFICES = { ourAgentStates: [] };

import { renderStep, stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { whatItBuys } from './HomeStateComparison.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function californianPicksPrivacy() {
  stubPricingFetch();
  const user = userEvent.setup();
  const utils = renderStep(BasicInfoStep);
  await user.click(screen.getByText('No'));
  await user.click(screen.getByText('Privacy'));
  await user.selectOptions(screen.getByLabelText('Which state do you live in?'), 'CA');
  return { user, ...utils };
}

describe('the home-state comparison on step 1', () => {
  it('shows forming at home and forming in Wyoming + registering at home side by side, with their three-year totals', async () => {
    const { data } = await californianPicksPrivacy();
    expect(data()).toMatchObject({ priority: 'privacy', residenceState: 'CA', state: 'WY' });
    const card = await screen.findByTestId('home-state-comparison');
    const home = threeYearCost('CA', undefined, NO_OFFICES)!;
    const away = threeYearCost('WY', 'CA', NO_OFFICES)!;
    expect(within(card).getByTestId('option-home')).toHaveTextContent(`Form in California${formatUsd(home.total)}`);
    expect(within(card).getByTestId('option-away')).toHaveTextContent(`Form in Wyoming + register in California${formatUsd(away.total)}`);
    expect(within(card).getByTestId('option-home')).toHaveTextContent('Cheaper');
    // Plainly which is cheaper, by how much, and what the other buys.
    expect(within(card).getByTestId('comparison-verdict')).toHaveTextContent(
      `Forming in California costs ${formatUsd(away.total - home.total)} less over three years.`,
    );
    expect(card).toHaveTextContent("What forming in Wyoming buys: privacy: Wyoming keeps the owners' names off the public record, California does not.");
    expect(card).toHaveTextContent('US LLC State Requirements Dataset');
    // The home-state warning stays.
    expect(screen.queryByText(/Heads up about/)).toBeNull();
  });

  it('opens the itemised breakdown, each line with its source and date', async () => {
    const { user } = await californianPicksPrivacy();
    await user.click(within(await screen.findByTestId('option-away')).getByRole('button', { name: 'Breakdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Three-year cost: Wyoming, for a California resident' });
    expect(dialog).toHaveTextContent('California foreign LLC registration fee');
    expect(within(dialog).getAllByText('California Annual Tax, minimum (as a foreign LLC)')).toHaveLength(3);
    expect(
      within(dialog)
        .getAllByRole('link')
        .some((a) => a.getAttribute('href')?.startsWith('https://')),
    ).toBe(true);
    expect(dialog).toHaveTextContent(/checked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(within(dialog).getByTestId('breakdown-total')).toHaveTextContent(formatUsd(threeYearCost('WY', 'CA', NO_OFFICES)!.total));
  });

  it('"Form in California instead" files at home, with the home-state warning', async () => {
    const { user, data } = await californianPicksPrivacy();
    await user.click(screen.getByRole('button', { name: 'Form in California instead' }));
    expect(data().state).toBe('CA');
    expect(screen.queryByTestId('home-state-comparison')).toBeNull();
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('Heads up about California'));
  });

  it('is not shown when the LLC is filed where the visitor lives', async () => {
    stubPricingFetch();
    const user = userEvent.setup();
    renderStep(BasicInfoStep);
    await user.click(screen.getByText('No'));
    await user.selectOptions(screen.getByLabelText('Which state do you live in?'), 'FL');
    expect(screen.queryByTestId('home-state-comparison')).toBeNull();
  });

  it('names privacy (Wyoming, Delaware) and courts (Delaware) only where they are real', () => {
    expect(whatItBuys('DE', 'CA')).toHaveLength(2);
    expect(whatItBuys('DE', 'CA')[1]).toMatch(/^courts: Delaware's Court of Chancery/);
    expect(whatItBuys('FL', 'CA')).toEqual([]);
    expect(whatItBuys('WY', 'DE')).toEqual([]);
  });
});
