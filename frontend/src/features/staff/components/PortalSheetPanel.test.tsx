import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { PortalSheetOrder } from '#shared/staff/portal-sheet.ts';
import { PortalSheetPanel } from './PortalSheetPanel.tsx';

const addr = (line1: string, state: string) => ({ line1, city: 'Town', state, zip: '82001' });
const details = {
  principalOffice: addr('100 Main Street', 'WY'),
  registeredAgent: { kind: 'own', name: 'Rita Agent', address: addr('300 Agent Way', 'WY'), consent: true },
  organizer: { name: 'Olive Organizer', title: 'Organizer', address: addr('400 Org Lane', 'WY') },
  signature: { typedName: 'Olive Organizer', consent: true, signedAt: '2026-08-01T10:00:00Z' },
  management: 'member',
  members: [{ name: 'Mia Member', ownershipPercent: 100, address: addr('1 First St', 'WY') }],
  purpose: 'Any lawful purpose',
  duration: 'perpetual',
  effectiveDate: 'upon_filing',
  ein: {
    responsibleParty: { name: 'Mia Member', taxIdType: 'ssn', taxIdLast4: '6789' },
    businessActivity: 'Video',
    startDate: '2026-08-15',
    fiscalYearEndMonth: 12,
  },
} as unknown as StoredFilingDetails;
const order: PortalSheetOrder = { state: 'WY', businessName: 'Bright Studio LLC', filingDetails: details };

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.restoreAllMocks());

describe('PortalSheetPanel', () => {
  it('lists the formation values in filing order, copies one and ticks it for the order', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { unmount } = render(<PortalSheetPanel orderId="a1" order={order} hasEin hasDba={false} />);
    expect(screen.getByText('Wyoming formation filing')).toBeTruthy();
    expect(screen.getByTestId('portal-sheet-order-note').textContent).toMatch(/required items in filing order/);
    expect(screen.getByText(/Formation filing page not known/)).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Bright Studio LLC')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy LLC name' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy LLC name (copied)' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('Bright Studio LLC');
    unmount();
    render(<PortalSheetPanel orderId="a1" order={order} hasEin hasDba={false} />);
    expect(screen.getByRole('button', { name: 'Copy LLC name (copied)' })).toBeTruthy();
  });

  it('never shows the SSN on the EIN sheet: its row has no copy button and points to Reveal', async () => {
    const user = userEvent.setup();
    render(<PortalSheetPanel orderId="a2" order={order} hasEin hasDba={false} />);
    await user.click(screen.getByRole('button', { name: 'EIN' }));
    expect(screen.getByText('Revealed on request (ends 6789)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Copy SSN/ })).toBeNull();
    expect(screen.getByText(/Use Reveal in the filing details/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'DBA' })).toBeNull();
  });
});
