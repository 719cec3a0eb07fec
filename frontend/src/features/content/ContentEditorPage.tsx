import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { type ContentItem, type ContentType, contentPreview, createContentSchema, updateContentSchema } from '#shared/content/content-item.schema.ts';
import { findSiteText, isSiteTextPage, SITE_TEXT_PAGES, type SiteTextPage, siteTextsOf } from '#shared/content/registry.ts';
import { Button } from '../../components/Button.tsx';
import { SiteContent } from '../../components/SafeHtml.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { useContentItems } from '../../lib/site-text.ts';
import { useStaffSession, useStaffSessionCheck } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useCreateContent, useDeleteContent, useUpdateContent } from './content-api.ts';
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

function ContentEditor() {
  // Like the dashboard, check the session on load: an invalid token goes to the login page at once.
  useStaffSessionCheck();
  const items = useContentItems();
  const list = Array.isArray(items.data) ? items.data : undefined;
  const [restored] = useState(loadDraft);
  const [editing, setEditing] = useState<ContentItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = list ?? [];
    return q ? all.filter((i) => `${i.page} ${i.section} ${i.content} ${findSiteText(i.page, i.section)?.where ?? ''}`.toLowerCase().includes(q)) : all;
  }, [list, search]);

  // An edit kept through a new sign-in: reopen it once the items are known.
  useEffect(() => {
    if (restored?.mode !== 'edit' || !list) return;
    const item = list.find((i) => i.id === restored.id);
    if (!item) return;
    setEditing(item);
    setNotice(`Your unsaved edit of ${item.page} / ${item.section} was kept while you signed in again. Check it and save it.`);
  }, [restored, list]);

  return (
    <StaffShell title="Content editor">
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        The site's editable texts, by page and section: each page shows the item for its section when one exists, otherwise its built-in text. HTML items are
        cleaned of scripts and unsafe links when saved and again when shown.
      </p>
      {notice ? (
        <p className="mt-4 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {notice}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
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
                  selected={editing?.id === item.id}
                  onEdit={() => setEditing(item)}
                  onDeleted={() => editing?.id === item.id && setEditing(null)}
                />
              ))}
            </ul>
          )}
        </section>
        <div className="order-first space-y-6 lg:sticky lg:top-4 lg:order-last lg:self-start">
          {editing ? (
            <EditForm
              key={editing.id}
              item={editing}
              draft={restored?.mode === 'edit' && restored.id === editing.id ? restored : undefined}
              onDone={() => {
                setEditing(null);
                setNotice(null);
              }}
            />
          ) : null}
          <CreateForm items={list ?? []} draft={restored?.mode === 'create' ? restored : undefined} />
        </div>
      </div>
    </StaffShell>
  );
}

function ContentRow({ item, selected, onEdit, onDeleted }: { item: ContentItem; selected: boolean; onEdit: () => void; onDeleted: () => void }) {
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
            <Button
              variant="ghost"
              className="px-3 py-1.5 text-red-700 hover:bg-red-50"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${item.page} / ${item.section}`}
            >
              Delete
            </Button>
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

function EditForm({ item, draft, onDone }: { item: ContentItem; draft?: ContentDraft; onDone: () => void }) {
  const [content, setContent] = useState(draft?.content ?? item.content);
  const [contentType, setContentType] = useState<ContentType>(draft?.contentType ?? item.contentType);
  const [problem, setProblem] = useState<string | undefined>();
  const update = useUpdateContent();
  useEffect(() => {
    document.getElementById('edit-content')?.focus();
  }, []);
  const change = (next: { content?: string; contentType?: ContentType }) => {
    const merged = { content, contentType, ...next };
    if (next.content !== undefined) setContent(next.content);
    if (next.contentType !== undefined) setContentType(next.contentType);
    setProblem(undefined);
    saveDraft({ mode: 'edit', id: item.id, page: item.page, section: item.section, ...merged });
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = firstProblem(updateContentSchema.safeParse({ content, contentType }));
    if (invalid) {
      setProblem(invalid);
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: item.id, content, contentType });
      clearDraft();
      toast('Content Updated', `${saved.page} / ${saved.section}`);
      onDone();
    } catch (err) {
      showSaveFailure('Update Failed', err);
    }
  }
  const where = findSiteText(item.page, item.section)?.where;
  return (
    <form onSubmit={submit} aria-labelledby="edit-title" className="rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm" noValidate>
      <h2 id="edit-title" className="text-lg font-semibold text-slate-900">
        Edit content
      </h2>
      <p className="mt-1 font-mono text-xs text-slate-700">
        {item.page} / {item.section}
      </p>
      {where ? <p className="mt-1 text-xs text-slate-600">Appears on {where}</p> : null}
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
      {contentType === 'html' ? (
        <div className="mt-4">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Preview</p>
          <SiteContent
            testId="html-preview"
            content={content}
            contentType="html"
            className="mt-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
          />
        </div>
      ) : null}
      <div className="mt-4 flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          Save changes
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
 * one of its sections that has no item yet, with where it appears; the content starts from the
 * built-in text.
 */
function CreateForm({ items, draft }: { items: readonly ContentItem[]; draft?: ContentDraft }) {
  const [page, setPage] = useState<SiteTextPage | ''>(draft && isSiteTextPage(draft.page) ? draft.page : '');
  const [section, setSection] = useState(draft?.section ?? '');
  const [content, setContent] = useState(draft?.content ?? '');
  const [contentType, setContentType] = useState<ContentType>(draft?.contentType ?? 'text');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useCreateContent();
  const taken = useMemo(() => new Set(items.map((i) => `${i.page}#${i.section}`)), [items]);
  const sections = page ? siteTextsOf(page).filter((t) => !taken.has(`${t.page}#${t.section}`) || (draft?.page === page && draft.section === t.section)) : [];
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
      const saved = await create.mutateAsync({ page, section, content, contentType });
      clearDraft();
      toast('Content Created', `${saved.page} / ${saved.section}`);
      setSection('');
      setContent('');
    } catch (err) {
      showSaveFailure('Creation Failed', err);
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
      <Button type="submit" className="mt-4" disabled={create.isPending}>
        Create content
      </Button>
    </form>
  );
}
