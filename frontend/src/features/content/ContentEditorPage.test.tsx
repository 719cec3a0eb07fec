import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDraft } from '#shared/content/content-draft.schema.ts';
import AppToaster from '../../components/AppToaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { STAFF_TOKEN_KEY } from '../../lib/staff-session.ts';
import ContentEditorPage from './ContentEditorPage.tsx';

/**
 * The content editor by role (docs/decisions/0412): an owner publishes; a processor's change is
 * a draft, shown with a preview, which an owner approves or rejects with a reason.
 */
type Reply = { status: number; body?: unknown };
let replies: Record<string, Reply>;
let calls: { key: string; body?: unknown }[];

function fakeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const key = `${init.method ?? 'GET'} ${url}`;
  calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
  const reply = replies[key];
  if (!reply) return Promise.resolve(new Response(JSON.stringify({ error: 'No fake for this call', code: 'route_not_found' }), { status: 404 }));
  return Promise.resolve(new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status }));
}

const person = (role: 'owner' | 'processor', id: string) => ({
  id,
  email: `${role}@example.com`,
  name: role,
  role,
  permissions: [],
  soleOwner: false,
  sessions: [],
});
const PROCESSOR = person('processor', 'p-proc');
const OWNER = person('owner', 'p-owner');

const ITEM = { id: 'c1', page: 'pricing', section: 'hero.title', content: 'Simple, transparent pricing', contentType: 'text' };
const DRAFT: ContentDraft = {
  id: 'd1',
  page: 'pricing',
  section: 'hero.title',
  content: 'Half the price of anyone else',
  contentType: 'text',
  version: 3,
  status: 'pending',
  draftedBy: { id: PROCESSOR.id, email: PROCESSOR.email },
  draftedAt: '2026-03-02T10:00:00.000Z',
};

function signedInAs(account: typeof OWNER, drafts: ContentDraft[] = []) {
  replies['GET /api/staff/account'] = { status: 200, body: account };
  replies['GET /api/content/drafts'] = { status: 200, body: drafts };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(STAFF_TOKEN_KEY, 'token-0123456789abcdef');
  calls = [];
  replies = {
    'GET /api/staff/dashboard': {
      status: 200,
      body: { totalApplications: 0, pendingApplications: 0, completedApplications: 0, openTickets: 0, recentActivity: [] },
    },
    'GET /api/content': { status: 200, body: [ITEM] },
  };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderEditor() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/content-editor']}>
        <Routes>
          <Route path="/content-editor" element={<ContentEditorPage />} />
        </Routes>
        <AppToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const writes = () => calls.filter((c) => !c.key.startsWith('GET '));
const draftCard = async (name = 'pricing / hero.title') => screen.findByRole('listitem', { name: `Draft of ${name}` });

describe('a processor in the content editor', () => {
  it('saves a change as a draft, with a preview: nothing is published, and Delete is not offered', async () => {
    signedInAs(PROCESSOR);
    const user = renderEditor();
    expect(await screen.findByTestId('publishing-rule')).toHaveTextContent('Your changes are saved as drafts: an owner previews each one');
    await user.click(await screen.findByRole('button', { name: 'Edit pricing / hero.title' }));
    expect(screen.queryByRole('button', { name: 'Delete pricing / hero.title' })).not.toBeInTheDocument();
    expect(screen.getByText(/Saved as a draft: the site keeps its text until an owner approves yours/)).toBeInTheDocument();
    const textarea = screen.getByLabelText('Content', { selector: '#edit-content' });
    await user.clear(textarea);
    await user.type(textarea, 'Half the price of anyone else');
    expect(screen.getByTestId('text-preview')).toHaveTextContent('Half the price of anyone else');

    replies['POST /api/content/drafts'] = { status: 200, body: { ...DRAFT, version: 1 } };
    await user.click(screen.getByRole('button', { name: 'Save draft for approval' }));
    expect(await screen.findByText('Draft Saved')).toBeInTheDocument();
    expect(screen.getByText('pricing / hero.title: an owner approves it before the site shows it.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { key: 'POST /api/content/drafts', body: { page: 'pricing', section: 'hero.title', content: 'Half the price of anyone else', contentType: 'text' } },
    ]);
  });

  it('sees its draft waiting, previewed beside the text the site shows now, and changes it at its version', async () => {
    signedInAs(PROCESSOR, [DRAFT]);
    const user = renderEditor();
    const card = await draftCard();
    expect(within(card).getByTestId('draft-status')).toHaveTextContent('Waiting for an owner');
    expect(within(card).getByTestId('draft-preview')).toHaveTextContent('Half the price of anyone else');
    expect(within(card).getByTestId('draft-current')).toHaveTextContent('Simple, transparent pricing');
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    // Editing the item opens its draft, not the published text.
    await user.click(screen.getByRole('button', { name: 'Edit pricing / hero.title' }));
    expect(screen.getByRole('heading', { name: 'Change the draft' })).toBeInTheDocument();
    const textarea = screen.getByLabelText('Content', { selector: '#edit-content' });
    expect(textarea).toHaveValue('Half the price of anyone else');
    await user.type(textarea, ', for real');
    replies['POST /api/content/drafts'] = { status: 200, body: { ...DRAFT, version: 4, content: 'Half the price of anyone else, for real' } };
    await user.click(screen.getByRole('button', { name: 'Save draft for approval' }));
    expect(await screen.findByText('Draft Saved')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        key: 'POST /api/content/drafts',
        body: { page: 'pricing', section: 'hero.title', content: 'Half the price of anyone else, for real', contentType: 'text', version: 3 },
      },
    ]);
  });

  it('sees why a draft was rejected, and sends it again changed', async () => {
    const rejected: ContentDraft = {
      ...DRAFT,
      status: 'rejected',
      version: 4,
      rejection: { reason: 'We are not the cheapest.', by: OWNER.email, at: DRAFT.draftedAt },
    };
    signedInAs(PROCESSOR, [rejected]);
    const user = renderEditor();
    const card = await draftCard();
    expect(within(card).getByTestId('draft-rejection')).toHaveTextContent('Rejected by owner@example.com: We are not the cheapest.');
    await user.click(within(card).getByRole('button', { name: 'Change the draft of pricing / hero.title' }));
    expect(screen.getByLabelText('Content', { selector: '#edit-content' })).toHaveValue('Half the price of anyone else');
  });

  it('a server refusal of a stale draft is shown as said', async () => {
    signedInAs(PROCESSOR, [DRAFT]);
    const user = renderEditor();
    await user.click(within(await draftCard()).getByRole('button', { name: 'Change the draft of pricing / hero.title' }));
    replies['POST /api/content/drafts'] = {
      status: 409,
      body: {
        error: 'The draft changed since you opened it (saved again, approved or rejected); reload the editor and look at it again',
        code: 'draft_changed',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save draft for approval' }));
    expect(await screen.findByText('Draft Not Saved')).toBeInTheDocument();
    expect(screen.getByText(/The draft changed since you opened it/)).toBeInTheDocument();
  });
});

describe('an owner in the content editor', () => {
  it('previews a processor’s draft and approves it: the version previewed is sent, the site’s texts are read again', async () => {
    signedInAs(OWNER, [DRAFT]);
    const user = renderEditor();
    expect(await screen.findByTestId('publishing-rule')).toHaveTextContent('As an owner, your changes are published at once');
    const card = await draftCard();
    expect(within(card).getByText(/Drafted by processor@example.com/)).toBeInTheDocument();
    expect(within(card).getByTestId('draft-preview')).toHaveTextContent('Half the price of anyone else');
    replies['POST /api/content/drafts/d1/approve'] = { status: 200, body: { ...ITEM, content: DRAFT.content } };
    const contentReads = () => calls.filter((c) => c.key === 'GET /api/content').length;
    const before = contentReads();
    replies['GET /api/content/drafts'] = { status: 200, body: [] };
    await user.click(within(card).getByRole('button', { name: 'Approve and publish pricing / hero.title' }));
    expect(await screen.findByText('Draft Approved')).toBeInTheDocument();
    expect(writes()).toEqual([{ key: 'POST /api/content/drafts/d1/approve', body: { version: 3 } }]);
    await waitFor(() => expect(contentReads()).toBeGreaterThan(before));
    expect(await screen.findByText('No drafts: nothing waits for your approval.')).toBeInTheDocument();
  });

  it('rejects a draft with a reason, refused in place when blank', async () => {
    signedInAs(OWNER, [DRAFT]);
    const user = renderEditor();
    const card = await draftCard();
    await user.click(within(card).getByRole('button', { name: 'Reject pricing / hero.title' }));
    await user.click(within(card).getByRole('button', { name: 'Reject draft' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Say why, so the drafter can change it.');
    expect(writes()).toEqual([]);
    await user.type(within(card).getByLabelText('Why is it rejected? The drafter sees this.'), 'We are not the cheapest.');
    replies['POST /api/content/drafts/d1/reject'] = {
      status: 200,
      body: { ...DRAFT, status: 'rejected', version: 4, rejection: { reason: 'We are not the cheapest.', by: OWNER.email, at: DRAFT.draftedAt } },
    };
    await user.click(within(card).getByRole('button', { name: 'Reject draft' }));
    expect(await screen.findByText('Draft Rejected')).toBeInTheDocument();
    expect(writes()).toEqual([{ key: 'POST /api/content/drafts/d1/reject', body: { version: 3, reason: 'We are not the cheapest.' } }]);
  });

  it('is not offered to approve a draft they wrote', async () => {
    signedInAs(OWNER, [{ ...DRAFT, draftedBy: { id: OWNER.id, email: OWNER.email } }]);
    renderEditor();
    const card = await draftCard();
    expect(within(card).getByText('You wrote this draft, so another owner approves it.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('still publishes an edit at once, and may delete', async () => {
    signedInAs(OWNER);
    const user = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit pricing / hero.title' }));
    expect(screen.getByRole('button', { name: 'Delete pricing / hero.title' })).toBeInTheDocument();
    const textarea = screen.getByLabelText('Content', { selector: '#edit-content' });
    await user.clear(textarea);
    await user.type(textarea, 'Clear prices');
    replies['PATCH /api/content/c1'] = { status: 200, body: { ...ITEM, content: 'Clear prices' } };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Content Updated')).toBeInTheDocument();
    expect(writes()).toEqual([{ key: 'PATCH /api/content/c1', body: { content: 'Clear prices', contentType: 'text' } }]);
  });
});
