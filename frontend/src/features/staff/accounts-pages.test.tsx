import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import AppToaster from '../../components/AppToaster.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetSharedGets } from '../../lib/shared-get.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import AcceptInvitationPage from './AcceptInvitationPage.tsx';
import AccountPage from './AccountPage.tsx';
import AuditPage from './AuditPage.tsx';
import PeoplePage from './PeoplePage.tsx';
import SettingsPage from './SettingsPage.tsx';
import StaffLoginPage from './StaffLoginPage.tsx';

/**
 * The staff-account screens against a faked API: sign-in with the second factor (and enrolling
 * one), accepting an invitation, the account's sessions, staff management for owners only, the
 * audit view's filters, the operator settings form and its notice.
 */
type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;
let calls: { key: string; url: string; body?: unknown; headers?: unknown }[];

/** Two-step routes are told apart by their body: `#2` (or `#accept`) is the step that carries a ticket, `#open` the first. */
function keyOf(method: string, path: string, body: Record<string, unknown> | undefined): string {
  const key = `${method} ${path}`;
  if (key === 'POST /api/staff/login' && body?.ticket) return `${key}#2`;
  if (key === 'POST /api/staff/invitations') return `${key}${body?.ticket ? '#accept' : '#open'}`;
  return key;
}

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const path = url.split('?')[0];
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  const key = keyOf(init.method ?? 'GET', path, body);
  calls.push({ key, url, body, headers: init.headers });
  const reply = replies[key];
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call', code: 'no_fake' }), { status: 404 }));
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

const OWNER = {
  id: 'p-owner',
  email: 'owner@example.com',
  name: 'Olive Owner',
  role: 'owner',
  permissions: [],
  soleOwner: false,
  secondFactors: { totp: true, totpAddedAt: '2026-11-01T10:00:00Z', recoveryCodesLeft: 10 },
  secondFactorRequired: true,
  sessions: [
    { id: 'sess-current-1', createdAt: '2026-11-22T10:00:00Z', expiresAt: '2026-11-22T22:00:00Z', device: 'Firefox on Linux', current: true },
    { id: 'sess-other-22', createdAt: '2026-11-22T08:00:00Z', expiresAt: '2026-11-22T20:00:00Z', device: 'Safari on iPhone', current: false },
  ],
};
const STAFF = { ...OWNER, id: 'p-staff', email: 'sam@example.com', name: 'Sam Staff', role: 'processor' };
const TOTP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };
const SETTINGS = { ...EMPTY_OPERATOR_SETTINGS, version: 0 };

beforeEach(() => {
  replies = { 'GET /api/operator-settings': { status: 200, body: SETTINGS } };
  calls = [];
  localStorage.clear();
  resetSharedGets();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/staff/login" element={<StaffLoginPage />} />
          <Route path="/staff/accept" element={<AcceptInvitationPage />} />
          <Route path="/staff/account" element={<AccountPage />} />
          <Route path="/staff/people" element={<PeoplePage />} />
          <Route path="/staff/audit" element={<AuditPage />} />
          <Route path="/staff/settings" element={<SettingsPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
        <AppToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const signedIn = {
  status: 'signed_in',
  token: 'tok-after-code-0123456789',
  expiresAt: '2030-01-01T00:00:00Z',
  person: { id: 'p', email: 'sam@example.com', name: 'Sam', role: 'processor' },
};

describe('sign-in with the second factor', () => {
  it('asks for the authenticator code after the password, and signs in with it', async () => {
    replies['POST /api/staff/login'] = {
      status: 200,
      body: { status: 'second_factor', ticket: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', methods: ['totp'] },
    };
    replies['POST /api/staff/login#2'] = { status: 401, body: { error: 'That code is not right: enter the current 6-digit code', code: 'invalid_code' } };
    const user = renderAt('/staff/login');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A wrong code is said beside the field; nothing is stored.
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    replies['POST /api/staff/login#2'] = { status: 200, body: signedIn };
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-code-0123456789'));
    expect(calls.filter((c) => c.key === 'POST /api/staff/login#2').at(-1)?.body).toEqual({ ticket: 't'.repeat(43), totpCode: '123 456' });
    expect(screen.getByTestId('where')).toHaveTextContent('/staff');
  });

  it('where a second factor is required and the person has none, enrols one before signing in', async () => {
    replies['POST /api/staff/login'] = {
      status: 200,
      body: { status: 'enrol', enrolment: { ticket: 'e'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', totp: TOTP } },
    };
    const codes = Array.from({ length: 10 }, (_, i) => `k3m9${i}-x7hta`);
    replies['POST /api/staff/login#2'] = { status: 200, body: { ...signedIn, recoveryCodes: codes } };
    const user = renderAt('/staff/login');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Add an authenticator app' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-code-0123456789'));
    expect(calls.find((c) => c.key === 'POST /api/staff/login#2')?.body).toEqual({ ticket: 'e'.repeat(43), totpCode: '654321' });
    // The recovery codes are shown once, before going on.
    const shown = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByTestId('where')).toHaveTextContent('/staff/login');
    await user.click(screen.getByRole('button', { name: 'I have saved them: continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/staff$/));
  });

  it("a lost phone: a recovery code instead of the app's code", async () => {
    replies['POST /api/staff/login'] = {
      status: 200,
      body: { status: 'second_factor', ticket: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', methods: ['totp', 'recovery_code'] },
    };
    replies['POST /api/staff/login#2'] = { status: 200, body: signedIn };
    const user = renderAt('/staff/login');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9q-x7hta');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-code-0123456789'));
    expect(calls.find((c) => c.key === 'POST /api/staff/login#2')?.body).toEqual({ ticket: 't'.repeat(43), recoveryCode: 'k3m9q-x7hta' });
  });

  it('an expired step goes back to the password', async () => {
    replies['POST /api/staff/login'] = {
      status: 200,
      body: { status: 'second_factor', ticket: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', methods: ['totp'] },
    };
    replies['POST /api/staff/login#2'] = { status: 401, body: { error: 'This sign-in step has expired: sign in again', code: 'sign_in_step_expired' } };
    const user = renderAt('/staff/login');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in step has expired: sign in again')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('accepting an invitation', () => {
  it('reads the token from the fragment, checks the passwords, and signs in with the first code', async () => {
    const invite = `${'a'.repeat(36)}.${'b'.repeat(22)}.1999999999.${'c'.repeat(43)}`;
    window.history.replaceState(null, '', `/staff/accept#invite=${invite}`);
    replies['POST /api/staff/invitations#open'] = {
      status: 200,
      body: {
        email: 'riley@example.com',
        name: 'Riley',
        role: 'processor',
        expiresAt: '2030-01-01T00:00:00Z',
        enrolment: { ticket: 'k'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', totp: TOTP },
      },
    };
    replies['POST /api/staff/invitations#accept'] = { status: 200, body: { ...signedIn, person: { ...signedIn.person, email: 'riley@example.com' } } };
    const user = renderAt('/staff/accept');
    expect(await screen.findByText(/Welcome, Riley\. You are invited as a processor; you will sign in as riley@example.com/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/staff/invitations#open')?.body).toEqual({ invite });
    // The token does not stay in the address bar.
    expect(window.location.hash).toBe('');
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse batterz');
    await user.type(screen.getByLabelText('Authentication code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/staff/invitations#accept')).toBe(false);
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-after-code-0123456789'));
    expect(calls.find((c) => c.key === 'POST /api/staff/invitations#accept')?.body).toEqual({
      invite,
      ticket: 'k'.repeat(43),
      password: 'correct horse battery',
      totpCode: '111222',
    });
  });

  it('says plainly when the link is no longer valid', async () => {
    window.history.replaceState(null, '', `/staff/accept#invite=${'a'.repeat(36)}.${'b'.repeat(22)}.1.${'c'.repeat(43)}`);
    replies['POST /api/staff/invitations#open'] = {
      status: 403,
      body: { error: 'This invitation has expired: ask the owner to send a new one', code: 'invitation_expired' },
    };
    renderAt('/staff/accept');
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This invitation has expired: ask the owner to send a new one')).toBeInTheDocument();
  });
});

describe('the account and the staff frame', () => {
  it('lists the sessions and ends another one; a staff-role person sees no owner screens', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    replies['DELETE /api/staff/account/sessions/sess-other-22'] = { status: 204 };
    const user = renderAt('/staff/account');
    const other = await screen.findByText('Safari on iPhone');
    expect(screen.getByText('This browser')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Audit trail' })).toBeInTheDocument();
    await user.click(within(other.closest('li')!).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session Ended')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/staff/account/sessions/sess-other-22')).toBe(true);
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-staff-0123456789');
  });

  it('moving the app to another phone asks for the password first; a wrong one is said beside the field and nothing else happens', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    replies['POST /api/staff/account/second-factor'] = { status: 403, body: { error: 'That password is not right', code: 'wrong_password' } };
    const user = renderAt('/staff/account');
    await user.click(await screen.findByRole('button', { name: 'Move to another phone' }));
    expect(screen.queryByRole('button', { name: 'Remove the app' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Type your password to move the app to another phone'), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right');
    expect(calls.find((c) => c.key === 'POST /api/staff/account/second-factor')?.body).toEqual({ password: 'not my password' });
    replies['POST /api/staff/account/second-factor'] = { status: 200, body: { ticket: 't'.repeat(43), expiresAt: '2030-01-01T00:00:00Z', totp: TOTP } };
    await user.type(screen.getByLabelText('Type your password to move the app to another phone'), 'my real password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP');
  });

  it('staff management is for owners: a staff-role person is told so and nothing is listed', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    renderAt('/staff/people');
    expect(await screen.findByText('Only an owner can manage the staff.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/staff/people')).toBe(false);
  });

  it('the owner invites a person and confirms a removal before it happens', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-owner-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: OWNER };
    const riley = {
      id: 'p-riley',
      email: 'riley@example.com',
      name: 'Riley',
      role: 'processor',
      permissions: [],
      status: 'active',
      createdAt: '2026-11-01T00:00:00Z',
      secondFactors: { totp: true, recoveryCodesLeft: 10 },
      sessions: [],
    };
    replies['GET /api/staff/people'] = {
      status: 200,
      body: { items: [{ ...OWNER, status: 'active', createdAt: '2026-11-01T00:00:00Z', sessions: [] }, riley] },
    };
    replies['POST /api/staff/people'] = {
      status: 201,
      body: { ...riley, id: 'p-new', email: 'new@example.com', status: 'invited', inviteExpiresAt: '2030-01-01T00:00:00Z' },
    };
    replies['DELETE /api/staff/people/p-riley'] = { status: 204 };
    const user = renderAt('/staff/people');
    const row = (await screen.findByText('riley@example.com')).closest('li')!;
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/staff/people')?.body).toEqual({ email: 'new@example.com', name: 'New Person', role: 'processor' });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(within(row).getByText(/Their sessions end now and they can no longer sign in/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/staff/people/p-riley')).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Person Removed')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'DELETE /api/staff/people/p-riley')).toBe(true);
    // The owner's own row offers nothing to do to themselves.
    expect(within(screen.getByText('owner@example.com').closest('li')!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('the owner makes a person an owner, and lets a processor reveal tax ids; the last owner stepping down is told why', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-owner-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: OWNER };
    const riley = {
      id: 'p-riley',
      email: 'riley@example.com',
      name: 'Riley',
      role: 'processor',
      permissions: [],
      status: 'active',
      createdAt: '2026-11-01T00:00:00Z',
      secondFactors: { totp: true, recoveryCodesLeft: 10 },
      sessions: [],
    };
    replies['GET /api/staff/people'] = {
      status: 200,
      body: { items: [{ ...OWNER, status: 'active', createdAt: '2026-11-01T00:00:00Z', sessions: [] }, riley] },
    };
    replies['PATCH /api/staff/people/p-riley'] = { status: 200, body: { ...riley, permissions: ['revealTaxId'] } };
    const user = renderAt('/staff/people');
    await user.click(await screen.findByRole('checkbox', { name: 'Riley may reveal tax ids' }));
    expect(await screen.findByText('Role Saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PATCH /api/staff/people/p-riley')?.body).toEqual({ permissions: ['revealTaxId'] });
    replies['PATCH /api/staff/people/p-riley'] = { status: 200, body: { ...riley, role: 'owner' } };
    await user.selectOptions(screen.getByLabelText('Role of Riley'), 'owner');
    await waitFor(() => expect(calls.filter((c) => c.key === 'PATCH /api/staff/people/p-riley').at(-1)?.body).toEqual({ role: 'owner' }));
    replies['PATCH /api/staff/people/p-owner'] = {
      status: 409,
      body: { error: 'You are the only owner: make someone else an owner first', code: 'last_owner' },
    };
    await user.selectOptions(screen.getByLabelText('Your role of Olive Owner'), 'support');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are the only owner: make someone else an owner first');
  });
});

describe('the audit view', () => {
  const ENTRY = {
    id: 'e1',
    at: '2026-11-22T10:00:00Z',
    action: 'application_status_changed',
    actorId: 'p-staff',
    actorEmail: 'sam@example.com',
    actorRole: 'staff',
    applicationId: '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10',
    subject: 'Mark Filed',
    before: { status: 'processing' },
    after: { status: 'filed', fileNumber: 'L26000123456' },
  };

  it('shows who, what, the order and the values before and after, and filters by person, action and order', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    replies['GET /api/staff/audit'] = { status: 200, body: { items: [ENTRY], nextCursor: null } };
    const user = renderAt('/staff/audit');
    const entry = await within(screen.getByRole('list', { name: 'Audit entries' })).findByRole('listitem');
    expect(entry).toHaveTextContent('Status moved');
    expect(entry).toHaveTextContent('By sam@example.com (staff) · Mark Filed · order 6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10');
    expect(entry).toHaveTextContent('status: processing → filed');
    expect(entry).toHaveTextContent('fileNumber: L26000123456');
    await user.selectOptions(screen.getByLabelText('Action'), 'payment_refunded');
    await waitFor(() => expect(calls.at(-1)?.url).toBe(apiUrl('GET /api/staff/audit', { query: { action: 'payment_refunded' } })));
    await user.selectOptions(screen.getByLabelText('Person'), 'p-staff');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('personId=p-staff'));
    // The order is checked with the server's own schema before any request: too short a search is refused in place.
    const before = calls.length;
    await user.type(screen.getByLabelText('Order'), 'x');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(/at least 2 characters/)).toBeInTheDocument();
    expect(calls.length).toBe(before);
    // Anything but a whole id is searched like the applications list (number, email, name, file number).
    await user.clear(screen.getByLabelText('Order'));
    await user.type(screen.getByLabelText('Order'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('order=maya%40example.com'));
    await user.clear(screen.getByLabelText('Order'));
    await user.type(screen.getByLabelText('Order'), ENTRY.applicationId);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain(`applicationId=${ENTRY.applicationId}`));
    expect(screen.getByTestId('where')).toHaveTextContent(`applicationId=${ENTRY.applicationId}`);
  });

  it('two filter changes made before the page shows the first both stand: the order cleared, then an action chosen', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    replies['GET /api/staff/audit'] = { status: 200, body: { items: [ENTRY], nextCursor: null } };
    renderAt(`/staff/audit?applicationId=${ENTRY.applicationId}`);
    await within(screen.getByRole('list', { name: 'Audit entries' })).findByRole('listitem');
    const order = screen.getByLabelText('Order');
    fireEvent.change(order, { target: { value: '' } });
    // The router renders a new address in a transition: a quick second change comes before it.
    act(() => {
      fireEvent.submit(order.closest('form') as HTMLFormElement);
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'person_invited' } });
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/staff/audit?action=person_invited'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe(apiUrl('GET /api/staff/audit', { query: { action: 'person_invited' } })));
  });
});

describe('operator settings', () => {
  it('tells staff what is unset; the owner fixes mistakes beside their fields before anything is sent, then saves at the version read', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-owner-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: OWNER };
    replies['PUT /api/staff/operator-settings'] = {
      status: 200,
      body: { ...SETTINGS, legalName: 'Creator Filings LLC', supportEmail: 'help@example.com', version: 1 },
    };
    const user = renderAt('/staff/settings');
    const notice = await screen.findByRole('status');
    // Then the states without a registered-agent office, named since the promises follow the offices.
    expect(notice).toHaveTextContent(
      /Not set: legal name, address, support email, support phone, registered-agent renewal price, refund terms(, registered-agent office in \d+ of 51 states \([A-Z, ]+\))?\./,
    );
    await user.type(await screen.findByLabelText('Legal name'), 'Creator Filings LLC');
    await user.type(screen.getByLabelText('Support email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /api/staff/operator-settings')).toBe(false);
    await user.clear(screen.getByLabelText('Support email'));
    await user.type(screen.getByLabelText('Support email'), 'help@example.com');
    // The add-on prices: a fraction is refused beside its field, whole dollars are sent as numbers, blank as unset.
    await user.type(screen.getByLabelText('DBA registration service fee (US dollars)'), '59.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter the price in whole dollars')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /api/staff/operator-settings')).toBe(false);
    await user.clear(screen.getByLabelText('DBA registration service fee (US dollars)'));
    await user.type(screen.getByLabelText('DBA registration service fee (US dollars)'), '59');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings Saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /api/staff/operator-settings')?.body).toMatchObject({
      legalName: 'Creator Filings LLC',
      supportEmail: 'help@example.com',
      address: null,
      registeredAgentRenewalUsd: null,
      dbaServiceFeeUsd: 59,
      form2553Usd: null,
      socialLinks: {},
      registeredAgentOffices: [],
      version: 0,
    });
  });

  it('holds the privacy filing: its address (a street address) and organizer, both or neither', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-owner-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: OWNER };
    replies['PUT /api/staff/operator-settings'] = { status: 200, body: { ...SETTINGS, version: 1 } };
    const user = renderAt('/staff/settings');
    const card = (await screen.findByRole('heading', { name: 'Privacy filing' })).closest('div') as HTMLElement;
    expect(card).toHaveTextContent('Where the state data allows it (Delaware, New Mexico, Wyoming)');
    const address = within(card).getByRole('group', { name: 'Privacy address' });
    await user.type(within(address).getByLabelText('Street address'), 'PO Box 12');
    await user.type(within(address).getByLabelText('City'), 'Cheyenne');
    await user.selectOptions(within(address).getByLabelText('State'), 'WY');
    await user.type(within(address).getByLabelText('ZIP code'), '82001');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A PO box is not a street address: the filing uses it as a principal office')).toBeInTheDocument();
    expect(within(card).getByText('Organizer is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /api/staff/operator-settings')).toBe(false);
    await user.clear(within(address).getByLabelText('Street address'));
    await user.type(within(address).getByLabelText('Street address'), '1712 Pioneer Avenue');
    await user.type(within(card).getByLabelText('Organizer'), 'Dana Whitfield');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings Saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /api/staff/operator-settings')?.body).toMatchObject({
      privacyFiling: { address: { line1: '1712 Pioneer Avenue', city: 'Cheyenne', state: 'WY', zip: '82001' }, organizer: 'Dana Whitfield' },
    });
  });

  it('a staff-role person cannot edit them', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-staff-0123456789');
    replies['GET /api/staff/account'] = { status: 200, body: STAFF };
    renderAt('/staff/settings');
    expect(await screen.findByText('Only an owner can change the operator settings.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Legal name')).not.toBeInTheDocument();
    // The owner's "settings incomplete" notice is for owners only: a person who cannot act on it does not see it.
    expect(screen.queryByText(/The operator settings are incomplete/)).not.toBeInTheDocument();
  });
});
