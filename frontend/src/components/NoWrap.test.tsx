import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Deliverable } from '#shared/orders/deliverables.ts';
import type { TimelineStep } from '#shared/orders/view.schema.ts';
import { OrderTimeline } from '../features/order/OrderTimeline.tsx';
import { DeliverablesChecklist } from './DeliverablesChecklist.tsx';
import { NoWrapText } from './NoWrap.tsx';

/** The no-wrap elements' texts inside `el`. */
const kept = (el: HTMLElement) => [...el.querySelectorAll('.whitespace-nowrap')].map((s) => s.textContent);

describe('dates and amounts never break across lines', () => {
  it('keeps each written date and dollar amount of a sentence in a no-wrap span, the rest free to wrap', () => {
    const { container } = render(
      <p>
        <NoWrapText text="Filed November 25, 2026; $2,709 due January 15, 2027 (April 15 and Nov 3, 2026 passed), $39.50 refunded." />
      </p>,
    );
    expect(kept(container)).toEqual(['November 25, 2026', '$2,709', 'January 15, 2027', 'April 15', 'Nov 3, 2026', '$39.50']);
    expect(container).toHaveTextContent('Filed November 25, 2026; $2,709 due January 15, 2027 (April 15 and Nov 3, 2026 passed), $39.50 refunded.');
    // "May" the word is no date without a day after it.
    const { container: plain } = render(<NoWrapText text="You may file in May." />);
    expect(kept(plain)).toEqual([]);
  });

  it("the order timeline's date and its detail's date sit inside no-wrap elements", () => {
    const steps = [
      { step: 'paid', label: 'Paid', done: true, current: false, at: '2026-11-25T15:00:00.000Z' },
      { step: 'filed', label: 'Filed with the state', done: false, current: true, detail: 'File number 123456, filed November 25, 2026' },
    ] as unknown as TimelineStep[];
    render(<OrderTimeline steps={steps} />);
    const timeline = screen.getByTestId('order-timeline');
    expect(within(timeline).getByText('Nov 25, 2026')).toHaveClass('whitespace-nowrap');
    expect(within(timeline).getByText('November 25, 2026')).toHaveClass('whitespace-nowrap');
  });

  it("the deliverables' dates and amounts sit inside no-wrap elements", () => {
    const deliverables = [
      { key: 'ein', label: 'EIN', by: 'us', delivered: true, status: 'Delivered November 25, 2026' },
      {
        key: 'registered_agent',
        label: 'Registered agent',
        by: 'us',
        delivered: false,
        status: 'First year included; renews at $125 a year on November 25, 2027',
      },
    ] as unknown as Deliverable[];
    render(<DeliverablesChecklist deliverables={deliverables} />);
    const list = screen.getByTestId('deliverables');
    expect(kept(list)).toEqual(['November 25, 2026', '$125', 'November 25, 2027']);
    expect(within(list).getByText('November 25, 2027').closest('.whitespace-nowrap')).not.toBeNull();
  });
});
