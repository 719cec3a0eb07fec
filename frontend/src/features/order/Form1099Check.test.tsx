import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_INCOME_MAP } from '#shared/income-map.ts';
import { form1099Check } from '#shared/payers/form-1099-check.ts';
import type { OrderPayers } from '#shared/payers/payers.schema.ts';
import type { StoredPayer } from '#shared/payers/payers.ts';
import { w9Values } from '#shared/s-corp/w9.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { Form1099Check } from './Form1099Check.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const BRAND: StoredPayer = {
  id: '6f1c1a52-8a3e-4a43-9d6e-0f2a1b1c9e02',
  name: 'Glow Skincare',
  kind: 'brand',
  form: 'w9',
  how: 'email',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const MAP = { ...EMPTY_INCOME_MAP, brandDeals: 8_000 };
const answerWith = (payer: StoredPayer): OrderPayers => ({
  payers: [],
  max: 50,
  w9: w9Values({ llcName: 'Bright Pixel Studios LLC', members: ['Jordan Rivera'] }),
  w9UpdatesLeft: 0,
  source: { form: 'Form W-9', url: 'https://www.irs.gov/pub/irs-pdf/fw9.pdf', checked: '2026-12-02' },
  check1099: form1099Check([payer], MAP, '2027-01-20'),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === `/api/orders/${ID}/payers/${BRAND.id}/forms-1099` && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body));
    const received = body.received.map((r: { form: '1099-NEC'; amountCents: number }) => ({ ...r, recordedOn: '2027-01-20' }));
    return json(answerWith({ ...BRAND, forms1099: [{ year: body.year, received }] }));
  }
  return json({ error: 'not stubbed' }, 500);
});

beforeEach(() => {
  fetchMock.mockClear();
  rememberResumeSecret(ID, 'the-resume-secret');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the January 1099 check on the order page', () => {
  it('lists the payer from the income map, records a form and shows the flag when its amount differs', async () => {
    const saved = vi.fn();
    const first = answerWith(BRAND).check1099;
    if (!first) throw new Error('no check');
    const { rerender } = render(<Form1099Check orderId={ID} check={first} onSaved={saved} />);
    expect(screen.getByText(/Glow Skincare: Form 1099-NEC expected/)).toBeTruthy();
    expect(screen.getByText(/Paid you \$8,000 in 2026, from your income map/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Amount on the form ($)'), '7200');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      year: 2026,
      expectedForms: ['1099-NEC'],
      received: [{ form: '1099-NEC', amountCents: 720_000 }],
    });
    const next = (saved.mock.calls[0]?.[0] as OrderPayers | undefined)?.check1099;
    if (!next) throw new Error('no check');
    rerender(<Form1099Check orderId={ID} check={next} onSaved={saved} />);
    expect(screen.getByText('Check this')).toBeTruthy();
    expect(screen.getByText(/says \$7,200, but your income map says \$8,000/)).toBeTruthy();
  });

  it('shows nothing outside January to April', () => {
    const { container } = render(<Form1099Check orderId={ID} check={form1099Check([BRAND], MAP, '2027-07-01')} onSaved={() => {}} />);
    expect(container.textContent).toBe('');
  });
});
