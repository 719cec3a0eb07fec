import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ANNUAL_REPORT_CONSENT } from '#shared/compliance/annual-report-terms.ts';
import { AnnualReportsOptIn } from './AnnualReportsOptIn.tsx';

/** Florida as the server offers it at checkout: our $99 plus the state's $138.75, the first report due May 1, 2027. */
const FLORIDA = {
  available: true as const,
  serviceUsd: 99,
  stateFeeCents: 13_875,
  priceCents: 23_775,
  dueText: 'May 1',
  firstDueOn: '2027-05-01',
  chargeOn: '2027-04-10',
};

function Box({ onChange, cardPayment = true }: { onChange: (on: boolean) => void; cardPayment?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <AnnualReportsOptIn
      offer={FLORIDA}
      stateName="Florida"
      checked={on}
      onChange={(v) => {
        setOn(v);
        onChange(v);
      }}
      cardPayment={cardPayment}
    />
  );
}

describe("checkout's annual reports filed for you", () => {
  it('shows the price per report with its parts, the first report, that nothing is charged today, and the consent unticked', async () => {
    const onChange = vi.fn();
    render(<Box onChange={onChange} />);
    const box = screen.getByTestId('checkout-annual-reports');
    expect(box).toHaveTextContent('$237.75 a report');
    expect(box).toHaveTextContent("our fee of $99 plus Florida's fee of $138.75 at cost");
    expect(box).toHaveTextContent('Your first report is due on May 1, 2027');
    expect(box).toHaveTextContent('we charge it on Apr 10, 2027');
    expect(box).toHaveTextContent('Nothing is charged today for it');
    // The order page's consent, word for word, and not ticked until the customer ticks it.
    const consent = screen.getByRole('checkbox', { name: ANNUAL_REPORT_CONSENT });
    expect(consent).not.toBeChecked();
    await userEvent.click(consent);
    expect(consent).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('is agreed only with a card payment: another method leaves it for the order page', () => {
    render(<Box onChange={vi.fn()} cardPayment={false} />);
    expect(screen.getByRole('checkbox', { name: ANNUAL_REPORT_CONSENT })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('you can agree on your order page after payment');
  });

  it("says why not where the state's report is free, with no box to tick", () => {
    const reason = "Texas's annual report is free to file (due: May 15); you file it yourself on the state's site and we remind you before it is due.";
    render(<AnnualReportsOptIn offer={{ available: false, reason }} stateName="Texas" checked={false} onChange={vi.fn()} cardPayment />);
    expect(screen.getByTestId('checkout-annual-reports')).toHaveTextContent(reason);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
