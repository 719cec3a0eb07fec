import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calculateSavings, type MonthlyExpenses } from '#shared/savings.ts';
import { apiUrl } from '../lib/api-client.ts';
import { CALCULATE_DEBOUNCE_MS, SavingsCalculator, type SavingsCalculatorProps } from './SavingsCalculator.tsx';

interface Sent {
  income: number;
  expenses: MonthlyExpenses;
}

let sent: Sent[];
let release: (() => void) | undefined;
let holdResponses: boolean;

/** A fake server that answers like the real handler (the shared rule) and records each body. */
function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  expect(url).toBe(apiUrl('POST /api/calculate-savings'));
  expect(init.method).toBe('POST');
  const body = JSON.parse(String(init.body)) as Sent;
  sent.push(body);
  const answer = () => new Response(JSON.stringify(calculateSavings(body.expenses)), { status: 200, headers: { 'content-type': 'application/json' } });
  if (!holdResponses) return Promise.resolve(answer());
  return new Promise((resolve) => {
    release = () => resolve(answer());
  });
}

beforeEach(() => {
  sent = [];
  release = undefined;
  holdResponses = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderCalculator(props: SavingsCalculatorProps = {}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <SavingsCalculator {...props} />
    </MemoryRouter>,
  );
  return user;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SavingsCalculator', () => {
  it('has the income input and the six labelled monthly inputs', () => {
    renderCalculator();
    expect(screen.getByLabelText('Annual Income ($)')).toHaveAttribute('placeholder', '80000');
    for (const label of [
      'Clothing & Styling',
      'Meals & Entertainment',
      'Equipment & Tech',
      'Travel & Transportation',
      'Conferences & Events',
      'Other Business Expenses',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('placeholder', '0');
    }
  });

  it('sends no request while income is 0, even when expenses change', async () => {
    const user = renderCalculator();
    await user.type(screen.getByLabelText('Clothing & Styling'), '500');
    await user.type(screen.getByLabelText('Annual Income ($)'), '0');
    await wait(CALCULATE_DEBOUNCE_MS + 150);
    expect(sent).toHaveLength(0);
    expect(screen.queryByText('Calculating savings...')).not.toBeInTheDocument();
    expect(screen.queryByTestId('calculator-result')).not.toBeInTheDocument();
  });

  it('requests a calculation once after typing stops, and shows the result', async () => {
    const user = renderCalculator();
    await user.type(screen.getByLabelText('Annual Income ($)'), '120000');
    await user.type(screen.getByLabelText('Equipment & Tech'), '2000');
    await waitFor(() => expect(screen.getByTestId('calculator-result')).toBeInTheDocument());
    // Debounced: one request for the final values, not one per keystroke.
    expect(sent).toEqual([{ income: 120000, expenses: { clothing: 0, meals: 0, equipment: 2000, travel: 0, entertainment: 0, other: 0 } }]);
    expect(screen.getByTestId('calculator-annual')).toHaveTextContent('$24,000');
    expect(screen.getByTestId('calculator-savings')).toHaveTextContent('$6,000');
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('$2,000')).toBeInTheDocument();
  });

  it("shows 'Calculating savings...' while pending and keeps results hidden until the first result", async () => {
    holdResponses = true;
    const user = renderCalculator();
    await user.type(screen.getByLabelText('Annual Income ($)'), '5000');
    expect(screen.getByText('Calculating savings...')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByText('Calculating savings...')).toBeInTheDocument();
    expect(screen.queryByTestId('calculator-result')).not.toBeInTheDocument();
    release?.();
    await waitFor(() => expect(screen.queryByText('Calculating savings...')).not.toBeInTheDocument());
    expect(screen.getByTestId('calculator-result')).toBeInTheDocument();
    expect(screen.getByTestId('calculator-savings')).toHaveTextContent('$0');
  });

  it('counts empty and non-numeric input as 0 (integer parse)', async () => {
    const user = renderCalculator();
    await user.type(screen.getByLabelText('Meals & Entertainment'), 'abc');
    await user.type(screen.getByLabelText('Travel & Transportation'), '150.75');
    await user.type(screen.getByLabelText('Other Business Expenses'), '-40');
    await user.type(screen.getByLabelText('Annual Income ($)'), '90000x');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ income: 90000, expenses: { clothing: 0, meals: 0, equipment: 0, travel: 150, entertainment: 0, other: 0 } });
    await waitFor(() => expect(screen.getByTestId('calculator-annual')).toHaveTextContent('$1,800'));
  });

  it('calls onCalculated with income, expenses and estimated savings', async () => {
    const onCalculated = vi.fn();
    const user = renderCalculator({ onCalculated });
    await user.type(screen.getByLabelText('Annual Income ($)'), '60000');
    await user.type(screen.getByLabelText('Clothing & Styling'), '1000');
    // On a busy machine a pause between keystrokes can outlast the debounce and calculate a
    // half-typed figure first: what matters is the answer to what was typed in the end.
    const expenses = { clothing: 1000, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 };
    await waitFor(() => expect(onCalculated).toHaveBeenLastCalledWith({ income: 60000, expenses, estimatedSavings: 3000, result: calculateSavings(expenses) }));
  });

  it('starts from initial values and calculates them', async () => {
    const onCalculated = vi.fn();
    renderCalculator({
      initialIncome: 80000,
      initialExpenses: { clothing: 100, meals: 100, equipment: 0, travel: 0, entertainment: 0, other: 0 },
      onCalculated,
    });
    expect(screen.getByLabelText('Annual Income ($)')).toHaveValue('80000');
    expect(screen.getByLabelText('Clothing & Styling')).toHaveValue('100');
    await waitFor(() => expect(onCalculated).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('calculator-annual')).toHaveTextContent('$2,400');
  });

  it('links to the given call to action', () => {
    renderCalculator({ ctaHref: '/wizard', heading: 'See what you could save' });
    expect(screen.getByRole('heading', { name: 'See what you could save' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /form your llc/i })).toHaveAttribute('href', '/wizard');
  });

  it('never shows more savings than the tax the income could bear, and shows the rule with the not-advice line', async () => {
    const onCalculated = vi.fn();
    const user = renderCalculator({ onCalculated });
    await user.type(screen.getByLabelText('Annual Income ($)'), '1000');
    await user.type(screen.getByLabelText('Equipment & Tech'), '5000');
    await waitFor(() => expect(screen.getByTestId('calculator-savings')).toHaveTextContent('$250'));
    expect(screen.getByTestId('calculator-savings')).not.toHaveTextContent('$15,000');
    expect(screen.getByTestId('calculator-rule')).toHaveTextContent('25% of your yearly business expenses, and never more than 25% of your income');
    expect(screen.getByTestId('calculator-rule')).toHaveTextContent('not tax advice');
    expect(screen.getByTestId('calculator-rule')).toHaveTextContent('Capped at 25% of your income');
    expect(onCalculated).toHaveBeenLastCalledWith(expect.objectContaining({ income: 1000, estimatedSavings: 250 }));
  });

  it('hands its figures to the wizard when the visitor follows the call to action', async () => {
    sessionStorage.clear();
    const user = renderCalculator({ ctaHref: '/wizard' });
    await user.type(screen.getByLabelText('Annual Income ($)'), '90000');
    await user.type(screen.getByLabelText('Clothing & Styling'), '500');
    await user.click(screen.getByRole('link', { name: /form your llc/i }));
    expect(JSON.parse(sessionStorage.getItem('calculatorHandoff') ?? 'null')).toEqual({
      income: 90000,
      expenses: { clothing: 500, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 },
    });
  });

  it('keeps what a visitor typed into the prerendered page before the app hydrated it, and calculates from it', async () => {
    const page = (
      <MemoryRouter>
        <SavingsCalculator ctaHref="/wizard" />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed into the static HTML: the browser holds the values, no React handler ran.
    const inputs = container.querySelectorAll<HTMLInputElement>('input');
    inputs[0].value = '90000';
    (container.querySelector('input[name="clothing"]') as HTMLInputElement).value = '500';
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    await waitFor(() => expect(screen.getByTestId('calculator-savings')).toHaveTextContent('$1,500'));
    expect(sent.at(-1)).toEqual({ income: 90000, expenses: { clothing: 500, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 } });
    expect(screen.getByLabelText('Annual Income ($)')).toHaveValue('90000');
    act(() => root?.unmount());
    container.remove();
  });
});
