import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { OPERATOR, ORDER_ID, orderView, RESUME_SECRET, stubApi } from '../../../../tests/harness/order.ts';
import { startOrderRead } from '../../lib/order-first-read.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import OrderPage from './OrderPage.tsx';

/**
 * The order page's prerendered frame (site/pages.ts) hydrated in the browser that placed the
 * order. Its header and footer are Suspense boundaries of their own in the served HTML, which
 * React hydrates after the page (components/HydratedLater.tsx, docs/decisions/0449; the order of
 * the passes is tested there, since it depends on React's scheduler, which tests replace with
 * `act`). Here: the page is served that way, and hydrates in place without a mismatch.
 */
const page = () => (
  <QueryClientProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[`/orders/${ORDER_ID}`]}>
      <Routes>
        <Route path="/orders/:id" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

let root: Root | undefined;
const problems: unknown[] = [];

beforeAll(() => import('./OrderSections.tsx'));
beforeEach(() => {
  localStorage.clear();
  stubApi({ 'GET /api/operator-settings': { status: 200, body: OPERATOR }, [`GET /api/orders/${ORDER_ID}`]: { status: 200, body: orderView() } });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  problems.length = 0;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

it('serves its header and footer as boundaries of their own, and hydrates them in place under the order', async () => {
  const html = renderToString(page());
  expect(html).toContain('Opening your order');
  expect(html).toMatch(/<!--\$--><header[^>]*data-site-header[\s\S]*<\/header><!--\/\$--><main/);
  expect(html).toMatch(/<\/main><!--\$--><footer[\s\S]*<\/footer><!--\/\$-->/);

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const header = container.querySelector('header');
  const footer = container.querySelector('footer');
  rememberResumeSecret(ORDER_ID, RESUME_SECRET);
  startOrderRead(`/orders/${ORDER_ID}`, '');
  await act(async () => {
    root = hydrateRoot(container, page(), { onRecoverableError: (e) => problems.push(e) });
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Maya Makes LLC' })).toBeInTheDocument();
  expect(container.querySelector('header')).toBe(header);
  expect(container.querySelector('footer')).toBe(footer);
  expect(problems).toEqual([]);
});
