import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR } from '../../../../tests/harness/order.ts';
import { renderStep, stubPricingFetch } from '../../../../tests/harness/wizard.tsx';
import { OPERATOR_SETTINGS_URL } from '../../lib/operator.ts';
import { seedSharedGet } from '../../lib/shared-get.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PRIVACY_FILING = { address: { line1: '1712 Pioneer Avenue', city: 'Cheyenne', state: 'WY', zip: '82001' }, organizer: 'Dana Whitfield' };

async function picksPrivacy(privacyFiling: typeof PRIVACY_FILING | null) {
  seedSharedGet(OPERATOR_SETTINGS_URL, { ...OPERATOR, privacyFiling });
  stubPricingFetch();
  const user = userEvent.setup();
  const utils = renderStep(BasicInfoStep);
  await user.click(screen.getByText('No'));
  await user.click(screen.getByText('Privacy'));
  return { user, ...utils };
}

describe('step 1: what will be public in the chosen state', () => {
  it('says, for privacy in Wyoming, that our address and organizer are on the filing and what the data does not know', async () => {
    const { data } = await picksPrivacy(PRIVACY_FILING);
    expect(data()).toMatchObject({ priority: 'privacy', state: 'WY' });
    const record = await screen.findByTestId('public-record');
    expect(within(record).getByRole('heading', { name: 'What will be public in Wyoming' })).toBeInTheDocument();
    expect(record).toHaveTextContent('The principal office and mailing address on the filing are ours, not yours.');
    expect(record).toHaveTextContent('Our organizer signs the filing, so your name is not on it as organizer.');
    expect(record).toHaveTextContent("Wyoming's formation document does not ask for the members' or managers' names.");
    expect(record).toHaveTextContent("Wyoming's annual report does not publish them.");
    expect(record).toHaveTextContent('Our state data does not say whether Wyoming requires the principal office to be a physical place of business.');
    expect(record).toHaveTextContent('US LLC State Requirements Dataset');
  });

  it('speaks of the customer’s own address and name while the operator has not set ours', async () => {
    await picksPrivacy(null);
    const record = await screen.findByTestId('public-record');
    expect(record).toHaveTextContent('The principal office and mailing address you give are printed on the filing.');
    expect(record).toHaveTextContent("The organizer's name and address (usually yours) are printed on the filing.");
  });

  it('is not shown for another priority', async () => {
    const { user } = await picksPrivacy(PRIVACY_FILING);
    await screen.findByTestId('public-record');
    await user.click(screen.getByText('Tax Savings'));
    expect(screen.queryByTestId('public-record')).toBeNull();
  });
});
