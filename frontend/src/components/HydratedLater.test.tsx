import { act } from '@testing-library/react';
import { startTransition, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydratedLater } from './HydratedLater.tsx';

/**
 * A page hydrated from its server HTML whose content changes once its data is there (the order
 * page: "Opening your order…", then the order). The part made with `hydratedLater` is hydrated
 * after that change, not before it: the page's content does not wait for the header and footer.
 */
const log: string[] = [];

function Part() {
  log.push('part');
  return <nav>the part</nav>;
}
const LaterPart = hydratedLater(Part);

/** Re-renders itself, with the part inside, once "its data" arrives after the first render. */
function page(arrive: (set: (value: string) => void) => void, Chrome = LaterPart) {
  return function Page() {
    const [data, setData] = useState<string>();
    useEffect(() => arrive(setData), []);
    log.push(`page: ${data ?? 'opening'}`);
    return (
      <div>
        <Chrome />
        <main>{data ?? 'opening'}</main>
      </div>
    );
  };
}

let root: Root | undefined;
const problems: unknown[] = [];

async function hydrate(Page: () => React.JSX.Element): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  log.length = 0;
  await act(async () => {
    root = hydrateRoot(container, <Page />, { onRecoverableError: (e) => problems.push(e) });
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  log.length = 0;
  problems.length = 0;
});

describe('hydratedLater', () => {
  it('hydrates the part after the page has rendered its data (a transition)', async () => {
    const container = await hydrate(page((set) => startTransition(() => set('the order'))));
    expect(log).toEqual(['page: opening', 'page: the order', 'part']);
    expect(container.textContent).toBe('the partthe order');
    expect(problems).toEqual([]);
  });

  it('hydrates the part after an urgent update of the page too', async () => {
    const container = await hydrate(page((set) => set('the order')));
    expect(log).toEqual(['page: opening', 'page: the order', 'part']);
    expect(container.textContent).toBe('the partthe order');
    expect(problems).toEqual([]);
  });

  it('renders the part at once outside hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const Page = page(() => undefined);
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    expect(log).toEqual(['page: opening', 'part']);
    expect(container.textContent).toBe('the partopening');
  });

  it("hydrates the server's part in place, without a mismatch", async () => {
    const container = document.createElement('div');
    const Page = page(() => undefined);
    container.innerHTML = renderToString(<Page />);
    const served = container.querySelector('nav');
    document.body.append(container);
    log.length = 0;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (e) => problems.push(e) });
    });
    expect(container.querySelector('nav')).toBe(served);
    expect(log).toEqual(['page: opening', 'part']);
    expect(problems).toEqual([]);
  });
});
