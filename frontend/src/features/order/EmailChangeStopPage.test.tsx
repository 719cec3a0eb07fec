import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, ORDER_ID, type Replies, stubApi } from '../../../../tests/harness/order.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import EmailChangeStopPage from './EmailChangeStopPage.tsx';

let replies: Replies;
let calls: ApiCall[];
beforeEach(() => {
  replies = {};
  calls = stubApi(replies);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="/orders/:id/email-change" element={<EmailChangeStopPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the "stop this change" page', () => {
  it('stops the change only when the button is pressed, with the link’s token, and takes the token out of the address bar', async () => {
    replies[`POST /api/orders/${ORDER_ID}/email-change`] = { status: 200, body: { decision: 'stop' } };
    const user = renderAt(`/orders/${ORDER_ID}/email-change#stop=0b6f3a52-7d0e-4b8e-9a51-2f4c8d1e6a77.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`);
    const button = await screen.findByRole('button', { name: 'Stop this change' });
    expect(window.location.hash).toBe('');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.click(button);
    expect(await screen.findByText(/Stopped. Your order keeps its email address/)).toBeInTheDocument();
    const post = calls.find((c) => c.key === `POST /api/orders/${ORDER_ID}/email-change`);
    expect(JSON.parse(String(post?.init.body))).toEqual({
      decision: 'stop',
      stopToken: '0b6f3a52-7d0e-4b8e-9a51-2f4c8d1e6a77.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
    });
  });

  it('a link without its token says so', async () => {
    renderAt(`/orders/${ORDER_ID}/email-change`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
  });
});
