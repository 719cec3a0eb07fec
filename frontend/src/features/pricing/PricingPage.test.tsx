import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUsd } from '#shared/money.ts';
import { agentCostOptions, EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { OPERATOR_SETTINGS_URL } from '../../lib/operator.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { seedSharedGet } from '../../lib/shared-get.ts';
import PricingPage from './PricingPage.tsx';
import { processingRank, searchStates, sortStates } from './state-list.ts';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === apiUrl('GET /api/states'))
        return new Response(JSON.stringify(STATE_PRICING), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPricing() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/pricing']}>
        <PricingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findAllByTestId('state-card');
  return user;
}

const codes = () => screen.getAllByTestId('state-card').map((c) => c.dataset.code);

describe('PricingPage', () => {
  it('lists every state, sorted by name, with total = filing + service', async () => {
    await renderPricing();
    expect(codes()).toEqual(STATE_PRICING.map((s) => s.code));
    const texas = screen.getAllByTestId('state-card').find((c) => c.dataset.code === 'TX')!;
    const tx = STATE_PRICING.find((s) => s.code === 'TX')!;
    expect(within(texas).getByText('total').previousElementSibling).toHaveTextContent(`$${tx.totalCost}`);
    expect(within(texas).getByText(`$${tx.filingFee}`)).toBeInTheDocument();
  });

  it('searches by name and by code', async () => {
    const user = await renderPricing();
    const search = screen.getByLabelText('Search states');
    await user.type(search, 'carolina');
    expect(codes()).toEqual(['NC', 'SC']);
    await user.clear(search);
    await user.type(search, 'wy');
    expect(codes()).toEqual(['WY']);
  });

  it('shows the empty message when nothing matches', async () => {
    const user = await renderPricing();
    await user.type(screen.getByLabelText('Search states'), 'Atlantis');
    expect(screen.queryAllByTestId('state-card')).toHaveLength(0);
    expect(screen.getByText('No states found matching "Atlantis"')).toBeInTheDocument();
  });

  it('sorts by each option', async () => {
    const user = await renderPricing();
    const sort = screen.getByLabelText('Sort by');
    const byCode = new Map(STATE_PRICING.map((s) => [s.code, s]));

    await user.selectOptions(sort, 'filingFee');
    const filing = codes().map((c) => byCode.get(c!)!.filingFee);
    expect(filing).toEqual([...filing].sort((a, b) => a - b));
    expect(codes()).not.toEqual(STATE_PRICING.map((s) => s.code));

    await user.selectOptions(sort, 'totalCost');
    const totals = codes().map((c) => byCode.get(c!)!.totalCost);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));

    await user.selectOptions(sort, 'processingTime');
    // Every card in order: fastest first (low end, then high end), ties by name.
    const byProcessing = codes().map((c) => byCode.get(c!)!);
    expect(byProcessing).toHaveLength(STATE_PRICING.length);
    for (let i = 1; i < byProcessing.length; i++) {
      const [pl, ph] = processingRank(byProcessing[i - 1].code);
      const [l, h] = processingRank(byProcessing[i].code);
      expect(pl < l || (pl === l && (ph < h || (ph === h && byProcessing[i - 1].name <= byProcessing[i].name)))).toBe(true);
    }
    // Alabama files immediately online; Maine's 40-55 business days is the slowest stated duration; states that publish none come last.
    expect(byProcessing[0].code).toBe('AL');
    const stated = byProcessing.filter((s) => Number.isFinite(processingRank(s.code)[1]) && processingRank(s.code)[1] < Number.MAX_SAFE_INTEGER);
    expect(stated.at(-1)!.code).toBe('ME');
    expect(processingRank(byProcessing.at(-1)!.code)[0]).toBe(Number.POSITIVE_INFINITY);

    await user.selectOptions(sort, 'threeYearCost');
    const threeYears = codes().map((c) => threeYearCost(c!, undefined, agentCostOptions(undefined))!.total);
    expect(threeYears).toEqual([...threeYears].sort((a, b) => a - b));
    expect(codes()).not.toEqual(STATE_PRICING.map((s) => s.code));

    await user.selectOptions(sort, 'serviceFee');
    expect(codes()).toEqual(STATE_PRICING.map((s) => s.code)); // all equal: name order

    await user.selectOptions(sort, 'name');
    expect(codes()).toEqual(STATE_PRICING.map((s) => s.code));
  });

  it('gives every link and button its visible words as (part of) its accessible name, so voice control finds it', async () => {
    await renderPricing();
    const controls = [...screen.getAllByRole('link'), ...screen.getAllByRole('button')];
    expect(controls.length).toBeGreaterThan(50);
    for (const control of controls) {
      const visible = (control.textContent ?? '').replace(/\s+/g, ' ').trim();
      const label = control.getAttribute('aria-label');
      if (visible && label) expect(label.toLowerCase(), `"${visible}"`).toContain(visible.toLowerCase());
    }
  });

  it('links each card to the wizard with its state and highlights the popular states', async () => {
    await renderPricing();
    expect(screen.getByRole('link', { name: 'Start in Texas' })).toHaveAttribute('href', '/wizard?state=TX');
    expect(screen.getByRole('link', { name: 'Start in Ohio' })).toHaveAttribute('href', '/wizard?state=OH');
    const popular = screen
      .getAllByTestId('state-card')
      .filter((c) => within(c).queryByText('Popular'))
      .map((c) => c.dataset.code)
      .sort();
    expect(popular).toEqual(['DE', 'FL', 'NV', 'TX', 'WY']);
  });

  it('shows the example table from the data, the included list and the dataset credit', async () => {
    await renderPricing();
    const table = screen.getByRole('table');
    const ny = STATE_PRICING.find((s) => s.code === 'NY')!;
    expect(within(table).getByRole('rowheader', { name: 'New York' }).closest('tr')).toHaveTextContent(`$${ny.totalCost}`);
    expect(screen.getByRole('heading', { name: "What's included" })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'CC BY 4.0' }).length).toBeGreaterThan(0);
  });

  it('shows each state’s all-in first three years, with its itemised, sourced breakdown', async () => {
    // An office in Delaware (only): our agent is offered and priced there, and nowhere else.
    const operator = {
      ...EMPTY_OPERATOR_SETTINGS,
      legalName: 'Creator Filings LLC',
      registeredAgentOffices: [{ line1: '8 The Green', city: 'Dover', state: 'DE', zip: '19901' }],
      version: 1,
    };
    seedSharedGet(OPERATOR_SETTINGS_URL, operator);
    const user = await renderPricing();
    const de = screen.getAllByTestId('state-card').find((c) => c.dataset.code === 'DE')!;
    const wy = screen.getAllByTestId('state-card').find((c) => c.dataset.code === 'WY')!;
    const cost = threeYearCost('DE', undefined, agentCostOptions(operator))!;
    expect(within(de).getByTestId('agent-DE')).toHaveTextContent('Ours, first year included');
    expect(within(wy).getByTestId('agent-WY')).toHaveTextContent('Name your own');
    expect(within(wy).getByTestId('three-year-total')).toHaveTextContent(
      `First 3 years, all in: ${formatUsd(threeYearCost('WY', undefined, { ourAgentStates: ['DE'] })!.total)}`,
    );
    expect(within(de).getByTestId('three-year-total')).toHaveTextContent(`First 3 years, all in: ${formatUsd(cost.total)}`);
    await user.click(within(de).getByRole('button', { name: 'Breakdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Three-year cost: Delaware' });
    // Valid HTML: the button sits in a sentence (a <p>), where a dialog may not (Nu HTML Checker).
    expect(dialog.closest('p')).toBeNull();
    expect(within(dialog).getAllByText('Delaware Annual Tax')).toHaveLength(3);
    expect(within(dialog).getAllByText('Registered agent in Delaware: yearly renewal')).toHaveLength(2);
    expect(within(dialog).getByRole('link', { name: 'CC BY 4.0' })).toBeInTheDocument();
  });

  it('says under each three-year figure what it leaves out, from the shared cost function, and nothing where it leaves out nothing', async () => {
    const operator = {
      ...EMPTY_OPERATOR_SETTINGS,
      legalName: 'Creator Filings LLC',
      registeredAgentOffices: [
        { line1: '8 The Green', city: 'Dover', state: 'DE', zip: '19901' },
        { line1: '1 State St', city: 'Albany', state: 'NY', zip: '12207' },
      ],
      version: 1,
    };
    seedSharedGet(OPERATOR_SETTINGS_URL, operator);
    await renderPricing();
    const card = (code: string) => screen.getAllByTestId('state-card').find((c) => c.dataset.code === code)!;
    const options = agentCostOptions(operator);
    const ny = threeYearCost('NY', undefined, options)!;
    expect(ny.notCounted[0]).toMatch(/^New York publication, which varies by county/);
    expect(within(card('NY')).getByTestId('three-year-not-counted')).toHaveTextContent(`Not counted: ${ny.notCounted.join('; ')}.`);
    // Where we have no office, the owner's own agent is not counted.
    expect(within(card('WY')).getByTestId('three-year-not-counted')).toHaveTextContent('your own registered agent in Wyoming');
    expect(threeYearCost('DE', undefined, options)!.notCounted).toEqual([]);
    expect(within(card('DE')).queryByTestId('three-year-not-counted')).toBeNull();
  });

  it('prerendered with the operator, the cards carry the same "Not counted" lines before and after the app hydrates (no layout shift)', async () => {
    seedSharedGet(apiUrl('GET /api/states'), STATE_PRICING);
    seedSharedGet(OPERATOR_SETTINGS_URL, {
      ...EMPTY_OPERATOR_SETTINGS,
      legalName: 'Creator Filings LLC',
      registeredAgentOffices: [{ line1: '8 The Green', city: 'Dover', state: 'DE', zip: '19901' }],
      version: 1,
    });
    const page = (
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/pricing']}>
          <PricingPage />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const lines = () => [...container.querySelectorAll('[data-testid="three-year-not-counted"]')].map((p) => p.textContent);
    const before = lines();
    expect(before).toHaveLength(STATE_PRICING.length - 1);
    expect(container.querySelector('[data-code="NY"] [data-testid="three-year-not-counted"]')).toHaveTextContent('New York publication');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(lines()).toEqual(before);
    act(() => root?.unmount());
    container.remove();
  });

  it('publishes the registered agent renewal price, the only recurring charge, in the states with an office', async () => {
    seedSharedGet(OPERATOR_SETTINGS_URL, {
      ...EMPTY_OPERATOR_SETTINGS,
      legalName: 'Creator Filings LLC',
      registeredAgentOffices: [{ line1: '8 The Green', city: 'Dover', state: 'DE', zip: '19901' }],
      version: 1,
    });
    await renderPricing();
    const recurring = screen.getByTestId('recurring-charges');
    expect(recurring).toHaveTextContent(`renews at ${formatUsd(REGISTERED_AGENT_RENEWAL_USD)} a year, only if you agree`);
    expect(recurring).toHaveTextContent('30 and 7 days before');
    expect(recurring).toHaveTextContent('We make no other recurring charge unless you ask us, at checkout or on your order page, to file your annual reports');
    expect(
      screen.getByText(/Registered agent service in 1 state where we have an office \(each card says\), free for the first year \(then \$125 a year/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Registered agent included for the first year in 1 state/)).toBeInTheDocument();
  });

  it('promises no registered agent while no office is set', async () => {
    seedSharedGet(OPERATOR_SETTINGS_URL, { ...EMPTY_OPERATOR_SETTINGS, version: 1 });
    await renderPricing();
    expect(screen.getByTestId('recurring-charges')).toHaveTextContent(
      'We make no recurring charge unless you ask us, at checkout or on your order page, to file your annual reports',
    );
    expect(screen.queryByText(/Registered agent service/)).toBeNull();
    expect(document.body.textContent).not.toMatch(/registered agent (included|free)/i);
  });

  it("shows each state's processing time from the state data, dated and credited, with its expedite fee", async () => {
    await renderPricing();
    const card = (code: string) => screen.getAllByTestId('state-card').find((c) => c.dataset.code === code)!;
    expect(card('ME')).toHaveTextContent('40-55 business days (by mail)');
    expect(card('ME')).toHaveTextContent('checked Aug 6, 2026');
    expect(card('ME')).toHaveTextContent('State expedite$50');
    expect(card('TX')).toHaveTextContent('Texas publishes no standard processing time');
    expect(card('FL')).toHaveTextContent('No standard processing time published by Florida that we could find');
    expect(card('FL')).toHaveTextContent('State expediteNot sold');
    expect(screen.getByText(/State fees, yearly taxes, foreign registration fees and processing times from the/)).toBeInTheDocument();
  });

  it('keeps the search and sort a visitor set on the prerendered page before the app hydrated it', async () => {
    // The prerendered page carries the states (render-page.tsx seeds the same answer).
    seedSharedGet(apiUrl('GET /api/states'), STATE_PRICING);
    const page = (
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/pricing']}>
          <PricingPage />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed and chosen in the static HTML: the browser holds the values, no React handler ran.
    (container.querySelector('input[type="search"]') as HTMLInputElement).value = 'carolina';
    (container.querySelector('select') as HTMLSelectElement).value = 'totalCost';
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(codes()).toEqual(sortStates(searchStates(STATE_PRICING, 'carolina'), 'totalCost').map((s) => s.code));
    expect(screen.getByLabelText('Sort by')).toHaveValue('totalCost');
    act(() => root?.unmount());
    container.remove();
  });
});
