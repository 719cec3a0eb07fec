import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { type ContentDraft as SavedDraft, saveContentDraftSchema } from '#shared/content/content-draft.schema.ts';
import { type ContentItem, type ContentType, contentPreview, createContentSchema, updateContentSchema } from '#shared/content/content-item.schema.ts';
import { findSiteText, isSiteTextPage, SITE_TEXT_PAGES, type SiteTextPage, siteTextsOf } from '#shared/content/registry.ts';
import { mayPerform } from '#shared/staff/actions.ts';
import { Button } from '../../components/Button.tsx';
import { SiteContent } from '../../components/SafeHtml.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { shortDateTime } from '../../lib/local-dates.ts';
import { useContentItems } from '../../lib/site-text.ts';
import { useStaffAccount, useStaffSession, useStaffSessionCheck } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useApproveDraft, useContentDrafts, useCreateContent, useDeleteContent, useRejectDraft, useSaveDraft, useUpdateContent } from './content-api.ts';
import { type ContentDraft, clearDraft, loadDraft, saveDraft } from './content-draft.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
const LABEL = 'block text-sm font-medium text-slate-800';

/** The first validation message of a content body (the shared schema the server also applies). */
function firstProblem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Invalid content');
}

/** After a 401 the session is gone: the edit is kept (content-draft.ts) and restored after signing in again. */
function showSaveFailure(title: string, err: unknown) {
  if (err instanceof ApiError && err.status === 401) toast('Session Expired', 'Sign in again: your unsaved text is kept and restored afterwards.', 'error');
  else toast(title, failureMessage(err), 'error');
}

export default function ContentEditorPage() {
  usePageMeta({ title: 'Content editor | CreatorLLC' });
  const hasToken = useStaffSession();
  if (!hasToken) return <Navigate to={paths.staffLoginReturningTo(paths.contentEditor)} replace />;
  return <ContentEditor />;
}

/** Where a place's key is `page#section`. */
const placeKey = (t: { page: string; section: string }) => `${t.page}#${t.section}`;
const placeName = (t: { page: string; section: string }) => `${t.page} / ${t.section}`;

/**
 * What the edit form changes: a published item (an owner publishes the change at once) or the
 * place's draft (a processor's change, saved for an owner to approve: docs/decisions/0412).
 */
interface EditTarget {
  /** The item's or the draft's id (the unsaved text kept in the tab names it). */
  key: string;
  page: string;
  section: string;
  content: string;
  contentType: ContentType;
  /** The published item of the place, when there is one. */
  itemId?: string;
  /** The place's draft, changed at its version. */
  draft?: SavedDraft;
}

const itemTarget = (item: ContentItem): EditTarget => ({ key: item.id, itemId: item.id, ...pick(item) });
const draftTarget = (draft: SavedDraft, itemId?: string): EditTarget => ({ key: draft.id, itemId, draft, ...pick(draft) });
const pick = (t: { page: string; section: string; content: string; contentType: ContentType }) => ({
  page: t.page,
  section: t.section,
  content: t.content,
  contentType: t.contentType,
});

function ContentEditor() {
  // Like the dashboard, check the session on load: an invalid token goes to the login page at once.
  useStaffSessionCheck();
  const account = useStaffAccount();
  // Owners publish; anyone else who edits the texts saves drafts (shared/staff/actions.ts).
  const mayPublish = mayPerform(account.data, 'publishContent');
  const items = useContentItems();
  const list = Array.isArray(items.data) ? items.data : undefined;
  const draftsQuery = useContentDrafts();
  const drafts = draftsQuery.data;
  const draftByPlace = useMemo(() => new Map((drafts ?? []).map((d) => [placeKey(d), d])), [drafts]);
  const [restored] = useState(loadDraft);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = list ?? [];
    return q ? all.filter((i) => `${i.page} ${i.section} ${i.content} ${findSiteText(i.page, i.section)?.where ?? ''}`.toLowerCase().includes(q)) : all;
  }, [list, search]);

  /** Edit an item: an owner changes the published text; anyone else the place's draft (started from the published text when none exists). */
  const editItem = (item: ContentItem) => {
    const draft = draftByPlace.get(placeKey(item));
    setEditing(!mayPublish && draft ? draftTarget(draft, item.id) : itemTarget(item));
  };

  // An edit kept through a new sign-in: reopen it once the items (and drafts) are known.
  useEffect(() => {
    if (restored?.mode !== 'edit' || !list) return;
    const item = list.find((i) => i.id === restored.id);
    const draft = drafts?.find((d) => d.id === restored.id);
    if (!item && !draft) return;
    const where = (item ?? draft) as { page: string; section: string };
    setEditing(draft ? draftTarget(draft, list.find((i) => placeKey(i) === placeKey(draft))?.id) : itemTarget(item as ContentItem));
    setNotice(`Your unsaved edit of ${placeName(where)} was kept while you signed in again. Check it and save it.`);
  }, [restored, list, drafts]);

  return (
    <StaffShell title="Content editor">
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        The site's editable texts, by page and section: each page shows the item for its section when one exists, otherwise its built-in text. HTML items are
        cleaned of scripts and unsafe links when saved and again when shown.
      </p>
      {account.data ? (
        <p className="mt-2 max-w-2xl text-sm font-medium text-slate-700" data-testid="publishing-rule">
          {mayPublish
            ? 'As an owner, your changes are published at once. Drafts by processors wait below until an owner approves them.'
            : 'Your changes are saved as drafts: an owner previews each one and approves it before the site shows it.'}
        </p>
      ) : null}
      {notice ? (
        <p className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {notice}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-8">
          <DraftsSection
            drafts={drafts}
            failed={draftsQuery.isError}
            items={list ?? []}
            mayPublish={mayPublish}
            myId={account.data?.id}
            onChange={(draft) => setEditing(draftTarget(draft, list?.find((i) => placeKey(i) === placeKey(draft))?.id))}
          />
          <section aria-labelledby="content-list-title">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="content-list-title" className="text-lg font-semibold text-slate-900">
                Existing content {list ? <span className="text-sm font-normal text-slate-600">({list.length})</span> : null}
              </h2>
              <div className="w-full sm:w-64">
                <label htmlFor="content-search" className="sr-only">
                  Search content
                </label>
                <input
                  id="content-search"
                  type="search"
                  placeholder="Search page, section or text"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  className={INPUT}
                />
              </div>
            </div>
            {items.isPending ? (
              <p className="mt-4 text-sm text-slate-600">Loading content…</p>
            ) : items.isError ? (
              <p className="mt-4 text-sm text-red-700">The content list could not be loaded. Reload the page to try again.</p>
            ) : visible.length === 0 ? (
              <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No content items.</p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                {visible.map((item) => (
                  <ContentRow
                    key={item.id}
                    item={item}
                    draft={draftByPlace.get(placeKey(item))}
                    mayDelete={mayPublish}
                    selected={editing?.itemId === item.id}
                    onEdit={() => editItem(item)}
                    onDeleted={() => editing?.itemId === item.id && setEditing(null)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="order-first space-y-6 lg:sticky lg:top-4 lg:order-last lg:self-start">
          {editing ? (
            <EditForm
              key={`${editing.key}:${editing.draft?.version ?? 0}`}
              target={editing}
              publishes={mayPublish && !editing.draft && Boolean(editing.itemId)}
              ready={Boolean(account.data)}
              draft={restored?.mode === 'edit' && restored.id === editing.key ? restored : undefined}
              onDone={() => {
                setEditing(null);
                setNotice(null);
              }}
            />
          ) : null}
          <CreateForm
            items={list ?? []}
            drafted={mayPublish ? undefined : draftByPlace}
            publishes={mayPublish}
            ready={Boolean(account.data)}
            draft={restored?.mode === 'create' ? restored : undefined}
          />
        </div>
      </div>
    </StaffShell>
  );
}

/**
 * Drafts of the site's texts (docs/decisions/0412): each with a preview of how the site will show
 * it beside the text it shows now. An owner approves (publishes) or rejects it with a reason,
 * except their own draft; a processor changes it (a rejected one too, which sends it again).
 */
function DraftsSection({
  drafts,
  failed,
  items,
  mayPublish,
  myId,
  onChange,
}: {
  drafts: SavedDraft[] | undefined;
  failed: boolean;
  items: readonly ContentItem[];
  mayPublish: boolean;
  myId: string | undefined;
  onChange: (draft: SavedDraft) => void;
}) {
  const pending = (drafts ?? []).filter((d) => d.status === 'pending').length;
  return (
    <section aria-labelledby="drafts-title">
      <h2 id="drafts-title" className="text-lg font-semibold text-slate-900">
        Drafts waiting for approval {drafts ? <span className="text-sm font-normal text-slate-600">({pending})</span> : null}
      </h2>
      {failed ? (
        <p className="mt-4 text-sm text-red-700">The drafts could not be loaded. Reload the page to try again.</p>
      ) : !drafts ? (
        <p className="mt-4 text-sm text-slate-600">Loading drafts…</p>
      ) : drafts.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          {mayPublish ? 'No drafts: nothing waits for your approval.' : 'No drafts. Edit a text to propose a change; an owner approves it.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {drafts.map((draft) => (
            <DraftCard
              key={`${draft.id}:${draft.version}`}
              draft={draft}
              published={items.find((i) => placeKey(i) === placeKey(draft))}
              mayPublish={mayPublish}
              own={draft.draftedBy.id === myId}
              onChange={() => onChange(draft)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DraftCard({
  draft,
  published,
  mayPublish,
  own,
  onChange,
}: {
  draft: SavedDraft;
  published: ContentItem | undefined;
  mayPublish: boolean;
  own: boolean;
  onChange: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const approve = useApproveDraft();
  const reject = useRejectDraft();
  const registered = findSiteText(draft.page, draft.section);
  const name = placeName(draft);
  const reasonId = `reject-reason-${draft.id}`;

  async function approveDraft() {
    try {
      await approve.mutateAsync({ id: draft.id, version: draft.version });
      toast('Draft Approved', `${name} is published.`);
    } catch (err) {
      toast('Approval Failed', failureMessage(err), 'error');
    }
  }
  async function rejectDraft(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setProblem('Say why, so the drafter can change it.');
      return;
    }
    try {
      await reject.mutateAsync({ id: draft.id, version: draft.version, reason: reason.trim() });
      toast('Draft Rejected', name);
    } catch (err) {
      toast('Rejection Failed', failureMessage(err), 'error');
    }
  }

  return (
    <li className="rounded-2xl border border-amber-200 bg-white p-4 shadow-sm" data-draft-id={draft.id} aria-label={`Draft of ${name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-mono text-xs font-semibold text-slate-800">{name}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${draft.status === 'rejected' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
          data-testid="draft-status"
        >
          {draft.status === 'rejected' ? 'Rejected' : 'Waiting for an owner'}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Drafted by {draft.draftedBy.email} on {shortDateTime(draft.draftedAt)}
        {registered ? `; appears on ${registered.where}` : ''}
      </p>
      {draft.rejection ? (
        <p className="mt-2 rounded-xl bg-red-50 p-2 text-sm text-red-900" data-testid="draft-rejection">
          Rejected by {draft.rejection.by}: {draft.rejection.reason}
        </p>
      ) : null}
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Preview: how the site will show it</p>
          <SiteContent
            testId="draft-preview"
            content={draft.content}
            contentType={draft.contentType}
            className="mt-1 rounded-xl border border-amber-200 bg-amber-50/40 p-3 text-sm text-slate-900"
          />
        </div>
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Now on the site{published ? '' : ' (built-in text)'}</p>
          <SiteContent
            testId="draft-current"
            content={published?.content ?? registered?.default ?? ''}
            contentType={published?.contentType ?? 'text'}
            className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
          />
        </div>
      </div>
      {mayPublish && draft.status === 'pending' ? (
        own ? (
          <p className="mt-3 text-sm text-slate-700">You wrote this draft, so another owner approves it.</p>
        ) : rejecting ? (
          <form className="mt-3 rounded-xl bg-red-50 p-3" onSubmit={rejectDraft} noValidate>
            <label htmlFor={reasonId} className={LABEL}>
              Why is it rejected? The drafter sees this.
            </label>
            <textarea
              id={reasonId}
              rows={2}
              className={INPUT}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(undefined);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${reasonId}-problem` : undefined}
            />
            {problem ? (
              <p id={`${reasonId}-problem`} className="mt-1 text-sm text-red-700" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="mt-2 flex gap-2">
              <Button type="submit" disabled={reject.isPending}>
                Reject draft
              </Button>
              <Button variant="secondary" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={approveDraft} disabled={approve.isPending} aria-label={`Approve and publish ${name}`}>
              Approve and publish
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(true)} aria-label={`Reject ${name}`}>
              Reject
            </Button>
          </div>
        )
      ) : null}
      {!mayPublish ? (
        <div className="mt-3">
          <Button variant="secondary" onClick={onChange} aria-label={`Change the draft of ${name}`}>
            {draft.status === 'rejected' ? 'Change and send again' : 'Change draft'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function ContentRow({
  item,
  draft,
  mayDelete,
  selected,
  onEdit,
  onDeleted,
}: {
  item: ContentItem;
  draft: SavedDraft | undefined;
  mayDelete: boolean;
  selected: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContent();
  const registered = findSiteText(item.page, item.section);
  async function confirmDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast('Content Deleted', `${item.page} / ${item.section}`);
      onDeleted();
    } catch (err) {
      toast('Deletion Failed', failureMessage(err), 'error');
      setConfirming(false);
    }
  }
  return (
    <li className={`px-4 py-3 ${selected ? 'bg-indigo-50' : ''}`} data-content-id={item.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-xs font-semibold text-slate-800">
              {item.page} / {item.section}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${item.contentType === 'html' ? 'bg-violet-100 text-violet-900' : 'bg-slate-100 text-slate-700'}`}
            >
              {item.contentType}
            </span>
            {draft ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                {draft.status === 'rejected' ? 'Draft rejected' : 'Draft waiting for approval'}
              </span>
            ) : null}
          </div>
          <p className={`mt-1 text-xs ${registered ? 'text-slate-600' : 'font-medium text-amber-800'}`}>
            {registered ? `Appears on ${registered.where}` : 'Not shown anywhere on the site: delete it, or create the text at a registered place.'}
          </p>
          {/* The preview is always plain text, even for HTML items. */}
          <p className="mt-1 break-words text-sm text-slate-700" data-testid="content-preview">
            {contentPreview(item.content)}
          </p>
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 gap-1">
            {registered ? (
              <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit} aria-label={`Edit ${item.page} / ${item.section}`}>
                Edit
              </Button>
            ) : null}
            {mayDelete ? (
              <Button
                variant="ghost"
                className="px-3 py-1.5 text-red-700 hover:bg-red-50"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${item.page} / ${item.section}`}
              >
                Delete
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {confirming ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-red-50 p-2" role="alert">
          <span className="text-sm font-medium text-red-900">Delete this item? The site falls back to its built-in text.</span>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 disabled:opacity-60"
            onClick={confirmDelete}
            disabled={remove.isPending}
          >
            Yes, delete
          </button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function TypeSelect({ id, value, onChange }: { id: string; value: ContentType; onChange: (t: ContentType) => void }) {
  return (
    <select id={id} className={INPUT} value={value} onChange={(e) => onChange(e.target.value === 'html' ? 'html' : 'text')}>
      <option value="text">Text</option>
      <option value="html">HTML</option>
    </select>
  );
}

const DRAFT_SAVED = (t: { page: string; section: string }) => `${placeName(t)}: an owner approves it before the site shows it.`;

/**
 * The edit form. `publishes`: an owner's change of a published item, at once (PATCH). Otherwise
 * the change is the place's draft (a new one, or the draft at the version shown), which the public
 * never sees until an owner approves it.
 */
function EditForm({
  target,
  publishes,
  ready,
  draft,
  onDone,
}: {
  target: EditTarget;
  publishes: boolean;
  ready: boolean;
  draft?: ContentDraft;
  onDone: () => void;
}) {
  const [content, setContent] = useState(draft?.content ?? target.content);
  const [contentType, setContentType] = useState<ContentType>(draft?.contentType ?? target.contentType);
  const [problem, setProblem] = useState<string | undefined>();
  const update = useUpdateContent();
  const saveForApproval = useSaveDraft();
  const { page, section } = target;
  useEffect(() => {
    document.getElementById('edit-content')?.focus();
  }, []);
  const change = (next: { content?: string; contentType?: ContentType }) => {
    const merged = { content, contentType, ...next };
    if (next.content !== undefined) setContent(next.content);
    if (next.contentType !== undefined) setContentType(next.contentType);
    setProblem(undefined);
    saveDraft({ mode: 'edit', id: target.key, page, section, ...merged });
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const invalid = firstProblem(
      publishes
        ? updateContentSchema.safeParse({ content, contentType })
        : saveContentDraftSchema.safeParse({ page, section, content, contentType, version: target.draft?.version }),
    );
    if (invalid) {
      setProblem(invalid);
      return;
    }
    try {
      if (publishes && target.itemId) {
        const saved = await update.mutateAsync({ id: target.itemId, content, contentType });
        clearDraft();
        toast('Content Updated', `${saved.page} / ${saved.section}`);
      } else {
        const saved = await saveForApproval.mutateAsync({ page, section, content, contentType, version: target.draft?.version });
        clearDraft();
        toast('Draft Saved', DRAFT_SAVED(saved));
      }
      onDone();
    } catch (err) {
      showSaveFailure(publishes ? 'Update Failed' : 'Draft Not Saved', err);
    }
  }
  const where = findSiteText(page, section)?.where;
  return (
    <form onSubmit={submit} aria-labelledby="edit-title" className="rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm" noValidate>
      <h2 id="edit-title" className="text-lg font-semibold text-slate-900">
        {target.draft ? 'Change the draft' : 'Edit content'}
      </h2>
      <p className="mt-1 font-mono text-xs text-slate-700">
        {page} / {section}
      </p>
      {where ? <p className="mt-1 text-xs text-slate-600">Appears on {where}</p> : null}
      {ready && !publishes ? (
        <p className="mt-2 rounded-xl bg-amber-50 p-2 text-xs text-amber-900">Saved as a draft: the site keeps its text until an owner approves yours.</p>
      ) : null}
      <label htmlFor="edit-type" className={`${LABEL} mt-4`}>
        Type
      </label>
      <TypeSelect id="edit-type" value={contentType} onChange={(t) => change({ contentType: t })} />
      <label htmlFor="edit-content" className={`${LABEL} mt-4`}>
        Content
      </label>
      <textarea
        id="edit-content"
        rows={6}
        value={content}
        onChange={(e) => change({ content: e.target.value })}
        className={INPUT}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'edit-problem' : undefined}
      />
      {problem ? (
        <p id="edit-problem" className="mt-1 text-sm text-red-700" role="alert">
          {problem}
        </p>
      ) : null}
      {contentType === 'html' || !publishes ? (
        <div className="mt-4">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Preview</p>
          <SiteContent
            testId={contentType === 'html' ? 'html-preview' : 'text-preview'}
            content={content}
            contentType={contentType}
            className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
          />
        </div>
      ) : null}
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={!ready || update.isPending || saveForApproval.isPending}>
          {publishes || !ready ? 'Save changes' : 'Save draft for approval'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            clearDraft();
            onDone();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A new item for one of the site's registered texts (shared/content/registry.ts): the page, then
 * one of its sections that has no item yet (nor, for a drafter, a draft), with where it appears;
 * the content starts from the built-in text. An owner creates the item; anyone else its draft.
 */
function CreateForm({
  items,
  drafted,
  publishes,
  ready,
  draft,
}: {
  items: readonly ContentItem[];
  drafted?: ReadonlyMap<string, SavedDraft>;
  publishes: boolean;
  ready: boolean;
  draft?: ContentDraft;
}) {
  const [page, setPage] = useState<SiteTextPage | ''>(draft && isSiteTextPage(draft.page) ? draft.page : '');
  const [section, setSection] = useState(draft?.section ?? '');
  const [content, setContent] = useState(draft?.content ?? '');
  const [contentType, setContentType] = useState<ContentType>(draft?.contentType ?? 'text');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useCreateContent();
  const saveForApproval = useSaveDraft();
  const taken = useMemo(() => new Set([...items.map(placeKey), ...(drafted?.keys() ?? [])]), [items, drafted]);
  const sections = page ? siteTextsOf(page).filter((t) => !taken.has(placeKey(t)) || (draft?.page === page && draft.section === t.section)) : [];
  const chosen = page && section ? findSiteText(page, section) : undefined;

  const remember = (next: Partial<ContentDraft>) => saveDraft({ mode: 'create', page, section, content, contentType, ...next });
  const choosePage = (value: string) => {
    const next = isSiteTextPage(value) ? value : '';
    setPage(next);
    setSection('');
    setProblem(undefined);
  };
  const chooseSection = (value: string) => {
    const text = page ? findSiteText(page, value) : undefined;
    setSection(value);
    setProblem(undefined);
    // Start from the built-in text unless something was typed over another default.
    const start = !content.trim() || siteTextsOf(page || 'landing').some((t) => t.default === content) ? (text?.default ?? '') : content;
    setContent(start);
    remember({ section: value, content: start });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    if (!page || !section) {
      setProblem('Choose the page and the section of the text.');
      toast('Creation Failed', 'Page, section and content are required.', 'error');
      return;
    }
    const invalid = firstProblem(createContentSchema.safeParse({ page, section, content, contentType }));
    if (invalid) {
      setProblem(invalid);
      return;
    }
    try {
      if (publishes) {
        const saved = await create.mutateAsync({ page, section, content, contentType });
        clearDraft();
        toast('Content Created', `${saved.page} / ${saved.section}`);
      } else {
        const saved = await saveForApproval.mutateAsync({ page, section, content, contentType });
        clearDraft();
        toast('Draft Saved', DRAFT_SAVED(saved));
      }
      setSection('');
      setContent('');
    } catch (err) {
      showSaveFailure(publishes ? 'Creation Failed' : 'Draft Not Saved', err);
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="create-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <h2 id="create-title" className="text-lg font-semibold text-slate-900">
        Create content
      </h2>
      <p className="mt-1 text-xs text-slate-600">Only the site's own texts can be created: choose where the text appears.</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <label htmlFor="create-page" className={LABEL}>
            Page
          </label>
          <select id="create-page" value={page} onChange={(e) => choosePage(e.target.value)} className={INPUT}>
            <option value="">Choose a page…</option>
            {Object.entries(SITE_TEXT_PAGES).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="create-section" className={LABEL}>
            Section
          </label>
          <select id="create-section" value={section} onChange={(e) => chooseSection(e.target.value)} className={INPUT} disabled={!page}>
            <option value="">{page && sections.length === 0 ? 'Every text of this page has an item: edit it in the list' : 'Choose a section…'}</option>
            {sections.map((t) => (
              <option key={t.section} value={t.section}>
                {t.section}
              </option>
            ))}
          </select>
        </div>
      </div>
      {chosen ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="create-where">
          Appears on {chosen.where}
        </p>
      ) : null}
      <label htmlFor="create-type" className={`${LABEL} mt-4`}>
        Type
      </label>
      <TypeSelect
        id="create-type"
        value={contentType}
        onChange={(t) => {
          setContentType(t);
          remember({ contentType: t });
        }}
      />
      <label htmlFor="create-content" className={`${LABEL} mt-4`}>
        Content
      </label>
      <textarea
        id="create-content"
        rows={5}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          setProblem(undefined);
          remember({ content: e.target.value });
        }}
        className={INPUT}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'create-problem' : undefined}
      />
      {problem ? (
        <p id="create-problem" className="mt-1 text-sm text-red-700" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="mt-4" disabled={!ready || create.isPending || saveForApproval.isPending}>
        {publishes || !ready ? 'Create content' : 'Create draft for approval'}
      </Button>
    </form>
  );
}
