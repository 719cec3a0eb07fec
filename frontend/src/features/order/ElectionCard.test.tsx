import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { electionState } from '#shared/s-corp/election.ts';
import { ElectionCard } from './ElectionCard.tsx';

/** The order page's election card, from the shared state function on fixed days. */

const fax = (on: string) => ({ sent: { how: 'fax' as const, on, to: '855-214-7520' } });

describe('ElectionCard', () => {
  it('shows a January fax waiting for the IRS with the day its answer is due', () => {
    render(<ElectionCard election={electionState({ formationDate: '2026-01-05', record: fax('2026-01-20'), today: '2026-01-21' })} />);
    expect(screen.getByText('Sent: waiting for the IRS, its answer due by March 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/Faxed to the IRS on January 20, 2026/)).toBeInTheDocument();
  });

  it('tells the customer whom to call when no CP261 came by mid-year', () => {
    render(<ElectionCard election={electionState({ formationDate: '2026-03-01', record: fax('2026-04-10'), today: '2026-06-11' })} />);
    expect(screen.getByText('No CP261 by June 10, 2026: call the IRS')).toBeInTheDocument();
    expect(screen.getByText(/1-800-829-4933/)).toBeInTheDocument();
  });

  it('lists the Rev. Proc. 2013-30 steps for an election sent late in December, and shows it in effect once accepted', () => {
    const { unmount } = render(<ElectionCard election={electionState({ formationDate: '2026-06-01', record: fax('2026-12-01'), today: '2026-12-02' })} />);
    expect(screen.getByText(/FILED PURSUANT TO REV\. PROC\. 2013-30/)).toBeInTheDocument();
    unmount();
    render(
      <ElectionCard
        election={electionState({ formationDate: '2026-06-01', record: { ...fax('2026-12-01'), effectiveOn: '2026-06-01' }, today: '2026-12-31' })}
      />,
    );
    expect(screen.getByText('S-corporation election in effect from June 1, 2026')).toBeInTheDocument();
  });
});
