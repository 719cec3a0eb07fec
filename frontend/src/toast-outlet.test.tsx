import { render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

// The outlet's file cannot be fetched (the network dropped).
vi.mock('./components/AppToaster.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { loadToastOutlet } = await import('./App.tsx');

it('renders no toast outlet, and does not fail, when its file cannot be fetched', async () => {
  const { default: Outlet } = await loadToastOutlet();
  const { container } = render(<Outlet />);
  expect(container.innerHTML).toBe('');
});
