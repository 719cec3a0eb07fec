import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { type ContentItem, type ContentType, contentPreview } from '#shared/content/content-item.ts';
import { Button } from '../../components/Button.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { failureMessage } from '../../lib/api.ts';
import { useContentItems } from '../../lib/site-text.ts';
import { useStaffSession } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useCreateContent, useDeleteContent, useUpdateContent } from './content-api.ts';
import { SiteContent } from './SafeHtml.tsx';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
const LABEL = 'block text-sm font-medium text-slate-800';

export default function ContentEditorPage() {
  usePageMeta({ title: 'Content editor | CreatorLLC' });
  const hasToken = useStaffSession();
  if (!hasToken) return <Navigate to={paths.staffLogin} replace />;
  return <ContentEditor />;
}

function ContentEditor() {
  const items = useContentItems();
  const [editing, setEditing] = useState<ContentItem | null>(null);
  const [search, setSearch] = useState('');
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = items.data ?? [];
    return q ? all.filter((i) => `${i.page} ${i.section} ${i.content}`.toLowerCase().includes(q)) : all;
  }, [items.data, search]);

  return (
    <StaffShell title="Content editor">
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Site texts by page and section. The landing page shows the item for its section when one exists, otherwise its built-in text. HTML items are cleaned of
        scripts and unsafe links when saved and again when shown.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="content-list-title">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="content-list-title" className="text-lg font-semibold text-slate-900">
              Existing content {items.data ? <span className="text-sm font-normal text-slate-600">({items.data.length})</span> : null}
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
          {editing ? <EditForm key={editing.id} item={editing} onDone={() => setEditing(null)} /> : null}
          <CreateForm />
        </div>
      </div>
    </StaffShell>
  );
}

function ContentRow({ item, selected, onEdit, onDeleted }: { item: ContentItem; selected: boolean; onEdit: () => void; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContent();
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
          {/* The preview is always plain text, even for HTML items. */}
          <p className="mt-1 break-words text-sm text-slate-700" data-testid="content-preview">
            {contentPreview(item.content)}
          </p>
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 gap-1">
            <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit} aria-label={`Edit ${item.page} / ${item.section}`}>
              Edit
            </Button>
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

function EditForm({ item, onDone }: { item: ContentItem; onDone: () => void }) {
  const [content, setContent] = useState(item.content);
  const [contentType, setContentType] = useState<ContentType>(item.contentType);
  const update = useUpdateContent();
  useEffect(() => {
    document.getElementById('edit-content')?.focus();
  }, []);
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const saved = await update.mutateAsync({ id: item.id, content, contentType });
      toast('Content Updated', `${saved.page} / ${saved.section}`);
      onDone();
    } catch (err) {
      toast('Update Failed', failureMessage(err), 'error');
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="edit-title" className="rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm">
      <h2 id="edit-title" className="text-lg font-semibold text-slate-900">
        Edit content
      </h2>
      <p className="mt-1 font-mono text-xs text-slate-700">
        {item.page} / {item.section}
      </p>
      <label htmlFor="edit-type" className={`${LABEL} mt-4`}>
        Type
      </label>
      <TypeSelect id="edit-type" value={contentType} onChange={setContentType} />
      <label htmlFor="edit-content" className={`${LABEL} mt-4`}>
        Content
      </label>
      <textarea id="edit-content" rows={6} value={content} onChange={(e) => setContent(e.target.value)} className={INPUT} />
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
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CreateForm() {
  const [page, setPage] = useState('');
  const [section, setSection] = useState('');
  const [content, setContent] = useState('');
  const [contentType, setContentType] = useState<ContentType>('text');
  const create = useCreateContent();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!page.trim() || !section.trim() || !content.trim()) {
      toast('Creation Failed', 'Page, section and content are required.', 'error');
      return;
    }
    try {
      const saved = await create.mutateAsync({ page: page.trim(), section: section.trim(), content, contentType });
      toast('Content Created', `${saved.page} / ${saved.section}`);
      setSection('');
      setContent('');
    } catch (err) {
      toast('Creation Failed', failureMessage(err), 'error');
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="create-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="create-title" className="text-lg font-semibold text-slate-900">
        Create content
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="create-page" className={LABEL}>
            Page
          </label>
          <input id="create-page" required placeholder="landing" value={page} onChange={(e) => setPage(e.target.value)} className={INPUT} />
        </div>
        <div>
          <label htmlFor="create-section" className={LABEL}>
            Section
          </label>
          <input id="create-section" required placeholder="hero.title" value={section} onChange={(e) => setSection(e.target.value)} className={INPUT} />
        </div>
      </div>
      <label htmlFor="create-type" className={`${LABEL} mt-4`}>
        Type
      </label>
      <TypeSelect id="create-type" value={contentType} onChange={setContentType} />
      <label htmlFor="create-content" className={`${LABEL} mt-4`}>
        Content
      </label>
      <textarea id="create-content" required rows={5} value={content} onChange={(e) => setContent(e.target.value)} className={INPUT} />
      <Button type="submit" className="mt-4" disabled={create.isPending}>
        Create content
      </Button>
    </form>
  );
}
