import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { OPERATOR_SETTINGS_URL } from '../lib/operator.ts';
import { seedSharedGet } from '../lib/shared-get.ts';
import { FilingDetailsSummary } from './FilingDetailsSummary.tsx';

describe('the filing details summary', () => {
  it('quotes the renewal price agreed with the consent, not the operator’s price today', () => {
    seedSharedGet(OPERATOR_SETTINGS_URL, { ...EMPTY_OPERATOR_SETTINGS, registeredAgentRenewalUsd: 149, version: 2 });
    const details = storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: 125 } as never });
    render(<FilingDetailsSummary details={details as never} />);
    const agent = screen.getByText(/CreatorLLC \(free for the first year/);
    expect(agent.textContent).toContain('renews at $125 a year');
    expect(screen.queryByText(/\$149/)).toBeNull();
  });
});
