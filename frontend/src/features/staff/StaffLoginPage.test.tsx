import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppToaster from '../../components/AppToaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetSharedGets } from '../../lib/shared-get.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import StaffLoginPage from './StaffLoginPage.tsx';

/**
 * The sign-in page once too many wrong passwords were tried on the account: the server answers the
 * password alone with 401 second_proof_required, and the page asks for the password together with
 * the proof it names (the authenticator app's code or a recovery code, or the emailed code).
 */
type Reply = { status: number; body?: unknown };
let replies: Reply[];
let calls: unknown[];

beforeEach(() => {
  replies = [];
  calls = [];
  localStorage.clear();
  resetSharedGets();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (!url.includes('/api/staff/login')) return Promise.resolve(new Response('{}', { status: 404 }));
      calls.push(init.body ? JSON.parse(String(init.body)) : undefined);
      const reply = replies.shift() ?? { status: 500, body: { error: 'No fake left', code: 'no_fake' } };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/staff/login']}>
        <Routes>
          <Route path="/staff/login" element={<StaffLoginPage />} />
          <Route path="*" element={<p>signed in elsewhere</p>} />
        </Routes>
        <AppToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const signedIn = {
  status: 'signed_in',
  token: 'tok-after-proof-0123456789',
  expiresAt: '2030-01-01T00:00:00Z',
  person: { id: 'p', email: 'sam@example.com', name: 'Sam', role: 'processor' },
};
const WRONG = { error: 'The password or the code is not right: check both and try again', code: 'invalid_credentials' };

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'a long password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in after too many wrong passwords on the account', () => {
  it('asks for the password with the emailed code, says a wrong pair beside the field, and signs in with the right one', async () => {
    const notice = 'Too many wrong passwords were tried on this account: enter your password together with the one-time code we emailed to its address';
    replies.push({ status: 401, body: { error: notice, code: 'second_proof_required', proof: 'email_code' } }, { status: 401, body: WRONG });
    const user = renderLogin();
    await passwordStep(user);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('a long password');
    await user.type(screen.getByLabelText('Code from the email'), 'k3m9q-x7hta');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password or the code is not right');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    replies.push({ status: 200, body: signedIn });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-proof-0123456789'));
    expect(calls).toEqual([
      { email: 'sam@example.com', password: 'a long password' },
      { email: 'sam@example.com', password: 'a long password', emailCode: 'k3m9q-x7hta' },
      { email: 'sam@example.com', password: 'a long password', emailCode: 'k3m9q-x7hta' },
    ]);
  });

  it('with an authenticator app: the password and the app’s code in one request, or a recovery code instead', async () => {
    replies.push({
      status: 401,
      body: {
        error: 'Too many wrong passwords were tried on this account: enter your password together with the code',
        code: 'second_proof_required',
        proof: 'authenticator',
      },
    });
    const user = renderLogin();
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '123 456');
    replies.push({ status: 401, body: WRONG });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password or the code is not right');
    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9q-x7hta');
    replies.push({ status: 200, body: signedIn });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-proof-0123456789'));
    expect(calls.slice(1)).toEqual([
      { email: 'sam@example.com', password: 'a long password', totpCode: '123 456' },
      { email: 'sam@example.com', password: 'a long password', recoveryCode: 'k3m9q-x7hta' },
    ]);
  });
});
