import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import AppToaster from '../../components/AppToaster.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import ContentEditorPage from '../content/ContentEditorPage.tsx';
import StaffDashboardPage from './StaffDashboardPage.tsx';
import StaffLoginPage from './StaffLoginPage.tsx';

type Reply = { status: number; body?: unknown } | Error;
let replies: Record<string, Reply>;
let calls: { url: string; init: RequestInit }[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  calls.push({ url, init });
  const key = `${init.method ?? 'GET'} ${url}`;
  const reply = replies[key];
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call' }), { status: 404 }));
  if (reply instanceof Error) return Promise.reject(reply);
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

/** The signed-in person unless a test says otherwise: an owner, who sees every dashboard tab. */
const OWNER_ACCOUNT = { id: 'p0', email: 'owner@example.com', name: 'Olive', role: 'owner', permissions: [], soleOwner: false, sessions: [] };

beforeEach(() => {
  replies = { 'GET /api/staff/account': { status: 200, body: OWNER_ACCOUNT } };
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

/** Where the router is: the address a redirect led to. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/staff/login" element={<StaffLoginPage />} />
          <Route path="/staff" element={<StaffDashboardPage />} />
          <Route path="/content-editor" element={<ContentEditorPage />} />
        </Routes>
        <AppToaster />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const STATS = {
  totalApplications: 12,
  pendingApplications: 5,
  completedApplications: 4,
  openTickets: 2,
  recentActivity: [
    { id: 'a1', action: 'status_changed', description: 'Start Processing: Glow LLC moved from submitted to processing', createdAt: '2024-05-01T10:00:00Z' },
  ],
};

/** A sign-in that needs no second factor (the local stage, a person without one). */
const signedIn = (token: string) => ({
  status: 'signed_in',
  token,
  expiresAt: '2030-01-01T00:00:00Z',
  person: { id: 'p1', email: 'sam@example.com', name: 'Sam', role: 'processor' },
});

async function login(user: ReturnType<typeof userEvent.setup>, password = 'secret') {
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('staff login', () => {
  it('stores the token, says Login Successful and opens the dashboard', async () => {
    replies['POST /api/staff/login'] = { status: 200, body: signedIn('tok-0123456789abcdef') };
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    const user = renderAt('/staff/login');
    await login(user);
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('tok-0123456789abcdef');
    // docs/product.md section 9: the token is kept under the key staff_token.
    expect(localStorage.getItem('staff_token')).toBe('tok-0123456789abcdef');
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('12')).toBeInTheDocument());
    const dashboardCall = calls.find((c) => c.url === apiUrl('GET /api/staff/dashboard'));
    expect(dashboardCall?.init.headers).toMatchObject({ 'staff-token': 'tok-0123456789abcdef' });
  });

  it('shows Login Failed with the server sentence', async () => {
    replies['POST /api/staff/login'] = { status: 401, body: { error: 'Invalid credentials' } };
    const user = renderAt('/staff/login');
    await login(user, 'wrong');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('Sign in stays disabled until an email and a password are typed; the password is sent exactly as typed', async () => {
    replies['POST /api/staff/login'] = { status: 401, body: { error: 'Invalid credentials' } };
    const user = renderAt('/staff/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(calls).toEqual([]);
    await login(user, ' s3cret pass ');
    await screen.findByText('Login Failed');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(apiUrl('POST /api/staff/login'));
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'sam@example.com', password: ' s3cret pass ' });
  });

  it("Login Failed shows the server's own sentence", async () => {
    replies['POST /api/staff/login'] = { status: 429, body: { error: 'Too many attempts. Try again in 15 minutes.' } };
    const user = renderAt('/staff/login');
    await login(user);
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it('Login Failed falls back to Invalid credentials when the server gives no sentence', async () => {
    replies['POST /api/staff/login'] = { status: 401 };
    const user = renderAt('/staff/login');
    await login(user);
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('the login page with a stored token opens the dashboard instead', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    renderAt('/staff/login');
    expect(await screen.findByRole('heading', { name: 'Staff dashboard' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows Login Error when the server cannot be reached', async () => {
    replies['POST /api/staff/login'] = new TypeError('Failed to fetch');
    const user = renderAt('/staff/login');
    await login(user);
    expect(await screen.findByText('Login Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to connect to server')).toBeInTheDocument();
  });
});

describe('staff screens', () => {
  it.each(['/staff', '/content-editor'])('%s without a token goes to the login page', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a 401 from a staff call removes the token and returns to login', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'expired-token-0123456789');
    replies['GET /api/staff/dashboard'] = { status: 401, body: { error: 'Authentication required' } };
    replies['GET /api/staff/applications'] = { status: 401, body: { error: 'Authentication required' } };
    renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    // The login returns to the dashboard after signing in.
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/staff\/login\?next=%2Fstaff$/);
  });

  it('the dashboard without a token sends to the login page, which returns to it', async () => {
    renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/staff\/login\?next=%2Fstaff$/);
  });

  it.each([
    ['the server answers', { status: 200, body: { ok: true } } as Reply],
    ['the server cannot be reached', new TypeError('Failed to fetch') as Reply],
  ])('Log out removes the token, tells the server (with the token) and returns to login when %s', async (_case, reply) => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    replies['POST /api/staff/logout'] = reply;
    const user = renderAt('/staff');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    const logoutCall = calls.find((c) => c.url === apiUrl('POST /api/staff/logout'));
    expect(logoutCall?.init.method).toBe('POST');
    expect(logoutCall?.init.headers).toMatchObject({ 'staff-token': 'token-0123456789abcdef' });
  });

  it('reports a failed stats fetch', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 500, body: { error: 'Internal error' } };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [], nextCursor: null } };
    renderAt('/staff');
    expect(await screen.findByText('Failed to fetch stats')).toBeInTheDocument();
  });

  it('failed list fetches say so in place instead of "No applications" or an endless "Loading"', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 500, body: { error: 'Internal error' } };
    replies['GET /api/staff/applications'] = { status: 500, body: { error: 'Internal error' } };
    replies['GET /api/staff/tickets'] = { status: 500, body: { error: 'Internal error' } };
    replies['GET /api/staff/queue'] = { status: 500, body: { error: 'Internal error' } };
    const user = renderAt('/staff');
    expect(await screen.findByText(/The queue could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByText('The applications could not be loaded. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.queryByText('No applications to show.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Support Tickets' }));
    expect(await screen.findByText('The support tickets could not be loaded. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.queryByText('No support tickets yet.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Recent Activity' }));
    expect(await screen.findByText('Recent activity could not be loaded. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.queryByText('Loading activity…')).toBeNull();
  });

  it('content editor rows show at most 100 characters of text, as text', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    const long = `${'a'.repeat(120)}`;
    replies['GET /api/content'] = {
      status: 200,
      body: [
        { id: 'c1', page: 'landing', section: 'hero.title', content: long, contentType: 'text' },
        { id: 'c2', page: 'landing', section: 'note', content: '<b>bold</b>', contentType: 'html' },
      ],
    };
    renderAt('/content-editor');
    const previews = await screen.findAllByTestId('content-preview');
    expect(previews[0].textContent).toBe(`${'a'.repeat(100)}…`);
    expect(previews[1].textContent).toBe('<b>bold</b>');
    expect(previews[1].querySelector('b')).toBeNull();
  });
});

describe('the work queue', () => {
  const HOUR = 3_600_000;
  function queued(id: string, businessName: string, queueSince: string, over: Partial<StaffApplication> = {}): StaffApplication {
    return {
      id,
      firstName: 'Ava',
      lastName: 'Creator',
      email: 'ava@example.com',
      phone: '3055550100',
      state: 'WY',
      businessName,
      annualIncome: null,
      contentTypes: [],
      platforms: [],
      notes: '',
      status: 'submitted',
      createdAt: '2026-11-01T10:00:00.000Z',
      expeditedFiling: false,
      feinFiling: true,
      operatingAgreement: false,
      paymentStatus: 'paid',
      deliverables: [],
      queue: 'ready',
      queueSince,
      detailsCompletedAt: queueSince,
      ...over,
    } as StaffApplication;
  }

  it('opens the dashboard on the queue: stages in order, each row with its number, state, add-ons, age and the promise clock', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    // Details completed 30 minutes ago: most of the 2 business days are left; 5 days ago: overdue.
    const fresh = new Date(Date.now() - 0.5 * HOUR).toISOString();
    const old = new Date(Date.now() - 5 * 24 * HOUR).toISOString();
    replies['GET /api/staff/queue'] = {
      status: 200,
      body: {
        sections: [
          {
            stage: 'ready',
            items: [
              queued('aaaaaaaa-0000-4000-8000-000000000001', 'Old Order LLC', old),
              queued('bbbbbbbb-0000-4000-8000-000000000002', 'New Order LLC', fresh),
            ],
            nextCursor: 'next',
            count: 40,
          },
          { stage: 'review', items: [], nextCursor: null, count: 0 },
          { stage: 'processing', items: [], nextCursor: null, count: 0 },
          { stage: 'filed', items: [], nextCursor: null, count: 0 },
        ],
      },
    };
    renderAt('/staff');
    const ready = await screen.findByRole('region', { name: /Ready to start/ });
    const rows = within(ready).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-order'))).toEqual(['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002']);
    expect(within(rows[0]).getByText('AAAAAAAA')).toBeInTheDocument();
    expect(within(rows[0]).getByText('WY')).toBeInTheDocument();
    expect(within(rows[0]).getByText('FEIN (EIN) filing')).toBeInTheDocument();
    expect(within(rows[0]).getByText('waiting 5 d')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/^overdue \d+ h$/)).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^\d+ h left$/)).toBeInTheDocument();
    // More follow: the heading says how many in all and "Show more" continues the stage.
    expect(within(ready).getByText('(40)')).toBeInTheDocument();
    expect(within(ready).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    const stages = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') ?? '');
    expect(stages.filter((id) => id.startsWith('queue-'))).toEqual(['queue-ready', 'queue-review', 'queue-processing', 'queue-filed']);
  });
});

describe('staff lockout', () => {
  it('says when to try again, from the 429 answer', async () => {
    replies['POST /api/staff/login'] = {
      status: 429,
      body: { error: 'Too many failed login attempts; try again later', code: 'rate_limited', retryAfterSeconds: 900 },
    };
    const user = renderAt('/staff/login');
    await login(user);
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    const at = new Date(Date.now() + 900_000).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(screen.getByText(`Too many failed login attempts. Try again in 15 minutes (at ${at}).`)).toBeInTheDocument();
  });
});

describe('content editor: the site texts registry', () => {
  const ITEMS = [
    { id: 'c1', page: 'landing', section: 'hero.title', content: 'Turn your content into a real business', contentType: 'text' },
    { id: 'c2', page: 'faq', section: 'intro', content: 'Old item', contentType: 'text' },
  ];
  beforeEach(() => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/content'] = { status: 200, body: ITEMS };
  });

  it('offers exactly the registered texts: a page select, a section select and where the text appears', async () => {
    const { SITE_TEXT_PAGES, SITE_TEXTS } = await import('#shared/content/registry.ts');
    const user = renderAt('/content-editor');
    const pageSelect = await screen.findByLabelText('Page', { selector: 'select' });
    expect([...pageSelect.querySelectorAll('option')].map((o) => o.value).filter(Boolean)).toEqual(Object.keys(SITE_TEXT_PAGES));
    await user.selectOptions(pageSelect, 'pricing');
    const sectionSelect = screen.getByLabelText('Section', { selector: 'select' });
    const sections = [...sectionSelect.querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(sections).toEqual(SITE_TEXTS.filter((t) => t.page === 'pricing').map((t) => t.section));
    await user.selectOptions(sectionSelect, 'hero.title');
    expect(screen.getByTestId('create-where')).toHaveTextContent('Pricing page (/pricing): the heading at the top of the page');
    expect(screen.getByLabelText('Content', { selector: '#create-content' })).toHaveValue('Simple, transparent pricing');
    // A place that already has an item is edited in the list, not created again.
    await user.selectOptions(pageSelect, 'landing');
    expect([...screen.getByLabelText('Section', { selector: 'select' }).querySelectorAll('option')].find((o) => o.value === 'hero.title')).toBeUndefined();
    // An old item nothing reads is marked as such.
    const old = (await screen.findAllByTestId('content-preview')).find((p) => p.textContent === 'Old item')!.closest('li')!;
    expect(old).toHaveTextContent('Not shown anywhere on the site');
  });

  it('refuses an empty edit without calling the server', async () => {
    const user = renderAt('/content-editor');
    await user.click(await screen.findByRole('button', { name: 'Edit landing / hero.title' }));
    await user.clear(screen.getByLabelText('Content', { selector: '#edit-content' }));
    await user.type(screen.getByLabelText('Content', { selector: '#edit-content' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Content is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'PATCH')).toEqual([]);
  });

  it('checks the session on load: an invalid token goes to the login page', async () => {
    replies['GET /api/staff/dashboard'] = { status: 401, body: { error: 'Authentication required' } };
    renderAt('/content-editor');
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('a 401 on Save keeps the typed edit: sign in again, come back, find it restored and save it', async () => {
    const user = renderAt('/content-editor');
    await user.click(await screen.findByRole('button', { name: 'Edit landing / hero.title' }));
    const textarea = screen.getByLabelText('Content', { selector: '#edit-content' });
    await user.clear(textarea);
    await user.type(textarea, 'Your content, your company');
    replies['PATCH /api/content/c1'] = { status: 401, body: { error: 'Authentication required' } };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();

    replies['POST /api/staff/login'] = { status: 200, body: signedIn('token-fresh-0123456789') };
    replies['PATCH /api/content/c1'] = { status: 200, body: { ...ITEMS[0], content: 'Your content, your company' } };
    await login(user);
    expect(await screen.findByRole('heading', { name: 'Content editor' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Content', { selector: '#edit-content' })).toHaveValue('Your content, your company');
    expect(screen.getByText(/Your unsaved edit of landing \/ hero.title was kept/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Content Updated')).toBeInTheDocument();
    const saved = calls.filter((c) => c.init.method === 'PATCH').at(-1)!;
    expect(JSON.parse(String(saved.init.body))).toMatchObject({ content: 'Your content, your company' });
    expect(saved.init.headers).toMatchObject({ 'staff-token': 'token-fresh-0123456789' });
    expect(sessionStorage.length).toBe(0);
  });
});

describe('application details', () => {
  it('shows content types and platforms with the labels of the wizard and the review', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
    const app = {
      id: '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '3055550100',
      state: 'FL',
      businessName: 'Byte Works LLC',
      annualIncome: 50000,
      contentTypes: ['diy', 'tech'],
      platforms: ['twitter', 'youtube', 'tiktok'],
      notes: '',
      status: 'submitted',
      createdAt: '2024-05-01T10:00:00Z',
      expeditedFiling: false,
      feinFiling: false,
      operatingAgreement: false,
    };
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/applications'] = { status: 200, body: { items: [app], nextCursor: null } };
    replies['GET /api/staff/queue'] = { status: 200, body: { sections: [] } };
    const user = renderAt('/staff');
    await user.click(await screen.findByRole('tab', { name: 'Applications' }));
    // The list has a card (phones) and a table row (wide screens) per application.
    await user.click((await screen.findAllByRole('button', { name: 'View details of Byte Works LLC' }))[0]);
    expect(await screen.findByText('DIY, Tech')).toBeInTheDocument();
    expect(screen.getByText('Twitter / X, YouTube, TikTok')).toBeInTheDocument();
  });
});

describe('the dashboard by role', () => {
  const person = (role: string, soleOwner = false) => ({
    id: 'p1',
    email: `${role}@example.com`,
    name: 'Sam',
    role,
    permissions: [],
    soleOwner,
    secondFactors: { totp: true, recoveryCodesLeft: 10 },
    secondFactorRequired: true,
    sessions: [],
  });

  it('asks the only owner to add a second owner', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/account'] = { status: 200, body: person('owner', true) };
    renderAt('/staff');
    const notice = await screen.findByTestId('second-owner-notice');
    expect(notice).toHaveTextContent('You are the only owner');
    expect(within(notice).getByRole('link', { name: 'Add a second owner' })).toHaveAttribute('href', '/staff/people');
  });

  it('says nothing of it once there is a second owner', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/account'] = { status: 200, body: person('owner', false) };
    renderAt('/staff');
    await screen.findByRole('tab', { name: 'Queue' });
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('GET /api/staff/account'))).toBe(true));
    expect(screen.queryByTestId('second-owner-notice')).toBeNull();
  });

  it('shows no tab, and loads no queue, until the account says the role: support never sees the queue', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/tickets'] = { status: 200, body: { items: [], nextCursor: null } };
    let answerAccount = () => {};
    const accountHeld = new Promise<void>((resolve) => {
      answerAccount = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === apiUrl('GET /api/staff/account')) {
          calls.push({ url, init });
          await accountHeld;
          return new Response(JSON.stringify(person('support')), { status: 200 });
        }
        return fakeFetch(url, init);
      }),
    );
    renderAt('/staff');
    expect(await screen.findByTestId('dashboard-sections-loading')).toHaveTextContent('Loading your sections');
    await waitFor(() => expect(screen.getByText('12')).toBeInTheDocument());
    await waitFor(() => expect(calls.some((c) => c.url === apiUrl('GET /api/staff/account'))).toBe(true));
    expect(screen.queryAllByRole('tab')).toEqual([]);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    answerAccount();
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Support Tickets', 'Email Delivery']));
    expect(screen.getByRole('tab', { name: 'Support Tickets' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('dashboard-sections-loading')).toBeNull();
    // The queue was never asked for: no request a support person would be refused.
    expect(calls.filter((c) => c.url.includes('/api/staff/queue') || c.url.includes('/api/staff/applications'))).toEqual([]);
  });

  it('says so when the account cannot be loaded, and shows no tab', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/account'] = { status: 500, body: { error: 'Something went wrong', code: 'internal' } };
    renderAt('/staff');
    expect(await screen.findByText(/Your account could not be loaded/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryAllByRole('tab')).toEqual([]);
  });

  it('support searches the tickets: the term goes to the server, a one-character term is refused in place', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/account'] = { status: 200, body: person('support') };
    const ticket = (id: string, subject: string) => ({
      id,
      subject,
      status: 'open',
      customerEmail: 'mara@example.com',
      customerName: 'Mara Lind',
      message: 'Hello',
      priority: 'normal',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const parsed = new URL(url, 'http://localhost');
        if (parsed.pathname.endsWith('/api/staff/tickets')) {
          const q = parsed.searchParams.get('q');
          asked.push(q);
          const t2 = { ...ticket('t2', 'Invoice for Lind Studio LLC'), applicationId: '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10' };
          const items = q ? [t2] : [ticket('t1', 'Where is my EIN?'), t2];
          return new Response(JSON.stringify({ items, nextCursor: null }), { status: 200 });
        }
        return fakeFetch(url, init);
      }),
    );
    const user = renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Where is my EIN?' })).toBeInTheDocument();
    // Support answers a ticket about an order without opening the order (a processor's screen).
    expect(screen.getByText('6f1c1b1e')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open order 6f1c1b1e' })).toBeNull();
    const box = screen.getByRole('searchbox', { name: 'Search tickets' });
    await user.type(box, 'i');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(asked).toEqual([null]);
    await user.type(box, 'nvoice');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Where is my EIN?' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Invoice for Lind Studio LLC' })).toBeInTheDocument();
    expect(asked).toEqual([null, 'invoice']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('heading', { name: 'Where is my EIN?' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('support sees the tickets and email delivery only: no queue, no applications, no audit trail or content editor', async () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'tok-0123456789abcdef');
    replies['GET /api/staff/dashboard'] = { status: 200, body: STATS };
    replies['GET /api/staff/account'] = { status: 200, body: person('support') };
    replies['GET /api/staff/tickets'] = { status: 200, body: { items: [], nextCursor: null } };
    renderAt('/staff');
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Support Tickets', 'Email Delivery']));
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).queryByRole('link', { name: 'Audit trail' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Content editor' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Your account' })).toBeInTheDocument();
  });
});
