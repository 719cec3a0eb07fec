import { QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import CheckoutPage from './CheckoutPage.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: vi.fn() }));

/**
 * The checkout is prerendered (site/pages.ts, docs/decisions/0172) as its first render in
 * any browser: the heading and the order's skeleton. Which application this browser holds is read
 * only after hydration, so the same HTML hydrates for a buyer and for a visitor with nothing saved.
 */
const page = (entry = '/checkout') => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/wizard/:step" element={<p>wizard</p>} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

let root: Root | undefined;
const requested: string[] = [];
const hydrationProblems: unknown[] = [];

/** The page as the prerendering writes it: at build, where no browser has saved anything. */
function prerendered(entry?: string): string {
  const saved = localStorage.getItem(STORAGE_KEYS.applicationId);
  localStorage.clear();
  try {
    return renderToString(page(entry));
  } finally {
    if (saved) localStorage.setItem(STORAGE_KEYS.applicationId, saved);
  }
}

/** The prerendered page, hydrated in this browser. */
async function hydrated(entry?: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = prerendered(entry);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, page(entry), { onRecoverableError: (e) => hydrationProblems.push(e) });
  });
  return container;
}

beforeEach(() => {
  localStorage.clear();
  requested.length = 0;
  hydrationProblems.length = 0;
  vi.mocked(toast).mockClear();
  // The order never arrives: what is checked is what the page shows and asks for until then.
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(String(url));
      return new Promise(() => undefined);
    }),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the prerendered checkout', () => {
  it('is the heading and the skeleton, not the screen of a browser with nothing saved', () => {
    const html = prerendered();
    expect(html).toContain('Checkout</h1>');
    expect(html).toContain('aria-label="Loading your order"');
    // What is the same for every order is painted before the app runs; the figures hold their places.
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('Order summary</h2>');
    expect(main).toContain('US LLC State Requirements Dataset</a>');
    expect(main).toContain('100% money-back guarantee');
    expect(main).not.toMatch(/\$\d/);
    expect(html).not.toContain('No application found');
  });

  it("hydrates for a browser with a saved application, then asks for that application's order", async () => {
    localStorage.setItem(STORAGE_KEYS.applicationId, 'app_saved');
    const container = await hydrated();
    await waitFor(() => expect(requested.some((u) => u.includes('/api/llc-applications/app_saved'))).toBe(true));
    expect(container.querySelector('[aria-label="Loading your order"]')).not.toBeNull();
    expect(hydrationProblems).toEqual([]);
  });

  it('hydrates for an application named in the address too', async () => {
    await hydrated('/checkout?applicationId=app_linked');
    await waitFor(() => expect(requested.some((u) => u.includes('/api/llc-applications/app_linked'))).toBe(true));
    expect(hydrationProblems).toEqual([]);
  });

  it('hydrates for a browser with nothing saved, then says so and sends the visitor to the wizard', async () => {
    const container = await hydrated();
    await waitFor(() => expect(container.textContent).toContain('No application found'));
    expect(vi.mocked(toast)).toHaveBeenCalledWith(expect.any(String), expect.any(String), 'error');
    expect(requested.filter((u) => u.includes('/api/llc-applications'))).toEqual([]);
    expect(hydrationProblems).toEqual([]);
  });
});
