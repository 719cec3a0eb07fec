import { act, render, screen as view, waitFor } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { expect, it } from 'vitest';
import { screen } from './routes.tsx';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

it("imports a screen's long parts beside the screen, not before it, and renders the screen once all are in", async () => {
  const started: string[] = [];
  const states = deferred<unknown>();
  const catalog = deferred<unknown>();
  const page = deferred<{ default: ComponentType }>();
  const Screen = screen(() => {
    started.push('screen');
    return page.promise;
  }, [
    () => {
      started.push('states');
      return states.promise;
    },
    () => {
      started.push('catalog');
      return catalog.promise;
    },
  ]);
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen />
    </Suspense>,
  );
  // Every import starts at once: no part waits for another, and the screen waits for none.
  await waitFor(() => expect(started).toEqual(['states', 'catalog', 'screen']));
  page.resolve({ default: () => <h1>Checkout</h1> });
  states.resolve({});
  // Every promise settled and React's work flushed: the screen still waits for the catalog.
  await act(async () => {
    await Promise.all([page.promise, states.promise, import('./lib/QueryScope.tsx')]);
  });
  expect(view.getByText('Loading')).toBeTruthy();
  expect(view.queryByRole('heading', { name: 'Checkout' })).toBeNull();
  catalog.resolve({});
  expect(await view.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
});
