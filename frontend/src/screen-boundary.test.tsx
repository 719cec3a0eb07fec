import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { paths } from './paths.ts';

// The terms page's file cannot be fetched (the connection dropped, or a deploy removed it).
vi.mock('./features/legal/TermsPage.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
// A page that renders: the not-found page, without what it reads from the network.
vi.mock('./features/not-found/NotFoundPage.tsx', () => ({ default: () => <h1>Page Not Found</h1> }));

const { SiteApp } = await import('./App.tsx');

afterEach(() => vi.restoreAllMocks());

it('shows what happened, with a reload button, when a screen cannot load; another page then renders', async () => {
  // React reports the caught error to the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let navigate: NavigateFunction = () => {};
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[paths.terms]}>
      <Navigator />
      <SiteApp />
    </MemoryRouter>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain("This page didn't finish loading. Check your connection, then reload it.");
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(paths.home);

  act(() => navigate('/no-such-page'));
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});
