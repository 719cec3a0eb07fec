import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './TabList.tsx';

const TABS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
  { id: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [active, setActive] = useState<'a' | 'b' | 'c'>('a');
  return <TabList tabs={TABS} active={active} onChange={setActive} label="Sections" tabClassName={(s) => (s ? 'on' : 'off')} />;
}

describe('TabList', () => {
  it('has one tab stop and selects with the arrow keys, Home and End', () => {
    render(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Alpha')).toHaveAttribute('tabindex', '0');
    expect(tab('Beta')).toHaveAttribute('tabindex', '-1');
    expect(tab('Beta')).toHaveAttribute('aria-controls', 'panel-b');

    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'false');
    expect(document.activeElement).toBe(tab('Beta'));
    // The single tab stop follows the selection.
    expect(tab('Beta')).toHaveAttribute('tabindex', '0');
    expect(tab('Alpha')).toHaveAttribute('tabindex', '-1');
    expect(tab('Beta')).toHaveClass('on');
    expect(tab('Alpha')).toHaveClass('off');
    fireEvent.keyDown(tab('Beta'), { key: 'End' });
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(tab('Alpha'));
    fireEvent.click(tab('Beta'));
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    // Other keys change nothing.
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowDown' });
    fireEvent.keyDown(tab('Beta'), { key: 'a' });
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
  });
});
