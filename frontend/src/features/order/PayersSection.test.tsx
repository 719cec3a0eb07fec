import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPayers, PayerView } from '#shared/payers/payers.schema.ts';
import { W8_NOT_HANDLED } from '#shared/payers/payers.ts';
import { w9Values } from '#shared/s-corp/w9.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { PayersSection } from './PayersSection.tsx';

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
const SOURCE = { form: 'Form W-9 (Rev. March 2024)', url: 'https://www.irs.gov/pub/irs-pdf/fw9.pdf', checked: '2026-12-02' };
const YOUTUBE: PayerView = {
  id: '6f1c1a52-8a3e-4a43-9d6e-0f2a1b1c9e01',
  name: 'YouTube',
  kind: 'platform',
  form: 'platform_tax_page',
  how: 'tax_page',
  givenOn: '2024-01-15',
  w9Update: 'not-needed',
  expiry: {
    expiresOn: '2027-12-31',
    rule: 'Your tax forms expire at the end of the third full calendar year.',
    sourceTitle: 'YouTube Help',
    sourceUrl: 'https://support.google.com/youtube/answer/10390801',
    expired: false,
  },
};
const BEFORE: OrderPayers = {
  payers: [YOUTUBE],
  max: 50,
  w9: w9Values({ llcName: 'Bright Pixel Studios LLC', members: ['Jordan Rivera'], ownerSsnLast4: '6789' }),
  w9UpdatesLeft: 0,
  source: SOURCE,
};
const AFTER: OrderPayers = {
  ...BEFORE,
  payers: [{ ...YOUTUBE, w9Update: 'needed' }],
  w9: w9Values({ llcName: 'Bright Pixel Studios LLC', members: ['Jordan Rivera'], sCorporationSince: '2026-09-01', ein: '12-3456789' }),
  electionEffectiveOn: '2026-09-01',
  w9UpdatesLeft: 1,
};

let answer: OrderPayers;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === `/api/orders/${ID}/payers` && (!init?.method || init.method === 'GET')) return json(answer);
  if (url === `/api/orders/${ID}/payers` && init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    if (body.name === 'Taken')
      return json({ error: 'Name refused by the server', code: 'validation_error', details: { name: ['Name refused by the server'] } }, 400);
    answer = { ...answer, payers: [...answer.payers, { ...body, id: 'x', w9Update: 'not-needed' }] };
    return json(answer, 201);
  }
  if (url === `/api/orders/${ID}/payers/${YOUTUBE.id}` && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body));
    answer = { ...answer, payers: [{ ...answer.payers[0], w9Update: body.w9Updated ? 'done' : 'needed', w9UpdatedOn: '2026-12-02' }], w9UpdatesLeft: 0 };
    return json(answer);
  }
  return json({ error: 'not stubbed' }, 500);
});

beforeEach(() => {
  answer = BEFORE;
  fetchMock.mockClear();
  rememberResumeSecret(ID, 'the-resume-secret');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayersSection orderId={ID} />
    </QueryClientProvider>,
  );

describe('PayersSection', () => {
  it('before the election: the owner on line 1, the LLC on line 2, the payer with its expiry in words', async () => {
    show();
    const values = await screen.findByTestId('w9-values');
    expect(values).toHaveTextContent('Line 1Jordan Rivera');
    expect(values).toHaveTextContent('Line 2Bright Pixel Studios LLC');
    expect(values).toHaveTextContent('***-**-6789');
    expect(values).toHaveTextContent('Not the IRS form');
    const list = screen.getByRole('list', { name: 'Payers' });
    expect(list).toHaveTextContent('Last given on January 15, 2024.');
    expect(list).toHaveTextContent('Tax info expires on December 31, 2027');
    expect(screen.queryByTestId('w9-switch')).toBeNull();
  });

  it('says beside the form’s choice that Forms W-8 are not handled', async () => {
    show();
    const form = await screen.findByRole('form', { name: 'Add a payer' });
    const choice = within(form).getByRole('combobox', { name: 'Which form they need' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Form W-9', 'The platform’s own tax page']);
    expect(choice).toHaveAccessibleDescription(W8_NOT_HANDLED);
    expect(W8_NOT_HANDLED).toContain('Forms W-8, for someone who is not a US person, are not handled here');
  });

  it('checks the form with the shared schema and shows the server’s 400 beside the field', async () => {
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Add a payer' });
    await user.click(within(form).getByRole('button', { name: 'Add the payer' }));
    expect(within(form).getByLabelText(/^Name \(platform or brand\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(form).toHaveTextContent('Payer name is required');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Name \(platform or brand\)/), 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Add the payer' }));
    await waitFor(() => expect(form).toHaveTextContent('Name refused by the server'));

    await user.clear(within(form).getByLabelText(/^Name \(platform or brand\)/));
    await user.type(within(form).getByLabelText(/^Name \(platform or brand\)/), 'Glow Skincare');
    await user.click(within(form).getByRole('button', { name: 'Add the payer' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Payers' })).toHaveTextContent('Glow Skincare'));
  });

  it('in effect: the LLC and its EIN, every payer flagged, ticked off the checklist', async () => {
    answer = AFTER;
    const user = userEvent.setup();
    show();
    const values = await screen.findByTestId('w9-values');
    expect(values).toHaveTextContent('Line 1Bright Pixel Studios LLC');
    expect(values).toHaveTextContent('12-3456789');
    const banner = screen.getByTestId('w9-switch');
    expect(banner).toHaveTextContent('took effect on September 1, 2026: give every payer a new W-9. 1 left.');
    expect(screen.getByRole('list', { name: 'Payers' })).toHaveTextContent('Update your W-9');
    await user.click(within(banner).getByRole('checkbox', { name: /Gave YouTube the new W-9/ }));
    await waitFor(() => expect(banner).toHaveTextContent('All done.'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: 'YouTube', w9Updated: true });
  });
});
