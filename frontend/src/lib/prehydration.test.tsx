import { act, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { useAdoptValueAtMount } from './prehydration.ts';

function Controls() {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState('name');
  const queryRef = useRef<HTMLInputElement>(null);
  const sortRef = useRef<HTMLSelectElement>(null);
  useAdoptValueAtMount(queryRef, setQuery);
  useAdoptValueAtMount(sortRef, setSort);
  return (
    <>
      <input ref={queryRef} aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <select ref={sortRef} aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value)}>
        <option value="name">Name</option>
        <option value="price">Price</option>
      </select>
      <output data-testid="state">{`${query}|${sort}`}</output>
    </>
  );
}

it('adopts what was typed and chosen in the prerendered controls before the app hydrated them', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Controls />);
  document.body.append(container);
  // The visitor acts on the static HTML: the browser keeps the values, no React handler runs.
  (container.querySelector('input') as HTMLInputElement).value = 'tex';
  (container.querySelector('select') as HTMLSelectElement).value = 'price';
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Controls />);
  });
  expect(screen.getByTestId('state')).toHaveTextContent('tex|price');
  act(() => root?.unmount());
  container.remove();
});

it('changes nothing on a page rendered in the browser', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(container);
  await act(async () => root.render(<Controls />));
  expect(screen.getByTestId('state')).toHaveTextContent('|name');
  act(() => root.unmount());
  container.remove();
});
