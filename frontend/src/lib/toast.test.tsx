import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// Counts the toast library's evaluations: it is fetched on first use, not with this module.
const library = vi.hoisted(() => ({ evaluated: 0 }));
vi.mock('sonner', async (importOriginal) => {
  library.evaluated += 1;
  return importOriginal();
});

const { toast, toastRaised, subscribeToRaisedToasts, loadToastLibrary } = await import('./toast.ts');

describe('toast', () => {
  it('loads the library at the first toast, and shows toasts raised before the outlet once it has mounted', async () => {
    // Importing the module (every screen does) does not load the library.
    expect(library.evaluated).toBe(0);
    expect(toastRaised()).toBe(false);
    const told = vi.fn();
    const unsubscribe = subscribeToRaisedToasts(told);

    toast('Saved', 'Your answers are saved.', 'success');
    toast('Could not save', 'Try again.', 'error');
    // The site is told to mount its outlet, once.
    expect(toastRaised()).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    unsubscribe();
    await loadToastLibrary();
    expect(library.evaluated).toBe(1);
    // Not handed to the library before its outlet (a live region) is in the page.
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText('Could not save')).toBeNull();

    const { default: AppToaster } = await import('../components/AppToaster.tsx');
    render(<AppToaster />);
    // Shown in the order raised: the last one is in front.
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.getByText('Try again.')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast][data-front="true"]')?.textContent).toContain('Could not save');

    toast('Sent', 'Check your inbox.');
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(library.evaluated).toBe(1);
  });
});
