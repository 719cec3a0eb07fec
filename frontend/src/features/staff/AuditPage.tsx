import { type FormEvent, useMemo, useState } from 'react';
import { AUDIT_ACTION_KEYS, AUDIT_ACTIONS, type AuditAction } from '#shared/staff/audit.ts';
import { auditQuerySchema } from '#shared/staff/audit-query.schema.ts';
import { Button } from '../../components/Button.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { failureMessage } from '../../lib/api.ts';
import { useSearchParamsEditor } from '../../lib/search-params.ts';
import { useStaffAccount } from '../../lib/staff-session.ts';
import { PAGE_PATTERNS } from '../../paths.ts';
import { type AuditFilter, useAuditTrail, usePeople } from './account-api.ts';
import { INPUT, LABEL } from './components/TotpEnrolment.tsx';
import { formatDateTime } from './format.ts';
import { auditChanges } from './format-audit.ts';
import { StaffGuard } from './StaffGuard.tsx';

/** The audit trail (docs/product.md "Audit trail"): who did what, when, on which order, before and after; filtered by person, order and action. */
export default function AuditPage() {
  usePageMeta({ title: 'Audit trail | CreatorLLC' });
  return (
    <StaffGuard returnTo={PAGE_PATTERNS.staffAudit}>
      <Audit />
    </StaffGuard>
  );
}

function Audit() {
  const [search, editSearch] = useSearchParamsEditor();
  const account = useStaffAccount();
  const people = usePeople(account.data?.role === 'owner');
  const filter: AuditFilter = {
    personId: search.get('personId') || undefined,
    applicationId: search.get('applicationId') || undefined,
    order: search.get('order') || undefined,
    action: (search.get('action') as AuditAction | null) || undefined,
  };
  const trail = useAuditTrail(filter);
  const [orderInput, setOrderInput] = useState(filter.applicationId ?? filter.order ?? '');
  const [orderError, setOrderError] = useState<string>();
  const entries = trail.data?.pages.flatMap((p) => p.items) ?? [];

  // The people to filter by: the staff list for an owner, and anyone seen in the trail.
  const personOptions = useMemo(() => {
    const known = new Map<string, string>();
    if (account.data) known.set(account.data.id, account.data.email);
    for (const p of people.data?.items ?? []) known.set(p.id, p.email);
    for (const e of entries) if (!known.has(e.actorId)) known.set(e.actorId, e.actorId === 'unknown' ? 'unknown addresses (failed sign-ins)' : e.actorEmail);
    if (filter.personId && !known.has(filter.personId)) known.set(filter.personId, filter.personId);
    return [...known].sort(([, a], [, b]) => a.localeCompare(b));
  }, [account.data, people.data, entries, filter.personId]);

  function setFilter(name: keyof AuditFilter, value: string | undefined) {
    editSearch((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
    });
  }

  function submitOrder(e: FormEvent) {
    e.preventDefault();
    const value = orderInput.trim();
    // A whole order id is that order; anything else is searched like the applications list (number, email, name, file number).
    const byId = auditQuerySchema.safeParse({ applicationId: value || undefined });
    const checked = byId.success ? byId : auditQuerySchema.safeParse({ order: value });
    if (!checked.success) return setOrderError(checked.error.issues[0]?.message);
    setOrderError(undefined);
    editSearch((next) => {
      next.delete('applicationId');
      next.delete('order');
      if (value) next.set(byId.success ? 'applicationId' : 'order', value);
    });
  }

  return (
    <StaffShell title="Audit trail">
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Every staff action and sign-in, newest first: who, when, what, the order and the values before and after. Entries cannot be changed or deleted, and are
        kept 7 years.
      </p>
      <div className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3">
        <div>
          <label htmlFor="audit-person" className={LABEL}>
            Person
          </label>
          <select id="audit-person" className={INPUT} value={filter.personId ?? ''} onChange={(e) => setFilter('personId', e.target.value || undefined)}>
            <option value="">Everyone</option>
            {personOptions.map(([id, email]) => (
              <option key={id} value={id}>
                {email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className={LABEL}>
            Action
          </label>
          <select id="audit-action" className={INPUT} value={filter.action ?? ''} onChange={(e) => setFilter('action', e.target.value || undefined)}>
            <option value="">Every action</option>
            {AUDIT_ACTION_KEYS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a]}
              </option>
            ))}
          </select>
        </div>
        <form onSubmit={submitOrder}>
          <label htmlFor="audit-order" className={LABEL}>
            Order
          </label>
          <div className="flex gap-2">
            <input
              id="audit-order"
              className={INPUT}
              value={orderInput}
              onChange={(e) => setOrderInput(e.target.value)}
              placeholder="id, number, email, name or file number"
              aria-invalid={orderError ? true : undefined}
              aria-describedby={orderError ? 'audit-order-error' : undefined}
            />
            <Button type="submit" variant="secondary" className="mt-2">
              Filter
            </Button>
          </div>
          {orderError ? (
            <p id="audit-order-error" role="alert" className="mt-1 text-sm text-red-700">
              {orderError}
            </p>
          ) : null}
        </form>
      </div>

      {trail.isPending ? <p className="mt-6 text-sm text-slate-600">Loading the audit trail…</p> : null}
      {trail.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The audit trail could not be loaded: {failureMessage(trail.error)}
        </p>
      ) : null}
      {!trail.isPending && !trail.isError && entries.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No entries match these filters.
        </p>
      ) : null}
      <ol className="mt-6 space-y-3" aria-label="Audit entries">
        {entries.map((e) => (
          <li key={e.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-audit-action={e.action}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-slate-900">{AUDIT_ACTIONS[e.action]}</p>
              <time dateTime={e.at} className="text-slate-600">
                {formatDateTime(e.at)}
              </time>
            </div>
            <p className="mt-1 break-all text-slate-700">
              By{' '}
              <button
                type="button"
                className="break-all text-left font-medium text-indigo-700 underline-offset-2 hover:underline"
                onClick={() => setFilter('personId', e.actorId)}
              >
                {e.actorEmail}
              </button>
              {e.actorRole ? ` (${e.actorRole})` : ''}
              {e.subject ? ` · ${e.subject}` : ''}
              {e.applicationId ? (
                <>
                  {' · order '}
                  <button
                    type="button"
                    className="break-all text-left font-mono text-indigo-700 underline-offset-2 hover:underline"
                    onClick={() => {
                      setOrderInput(e.applicationId ?? '');
                      setFilter('applicationId', e.applicationId);
                    }}
                  >
                    {e.applicationId}
                  </button>
                </>
              ) : null}
            </p>
            {e.before !== undefined || e.after !== undefined ? (
              <dl className="mt-2 space-y-1">
                {auditChanges(e.before, e.after).map((c) => (
                  <div key={c.field} className="break-words text-slate-700">
                    <dt className="inline font-medium">{c.field}: </dt>
                    <dd className="inline">
                      {c.before ? <del className="text-slate-500">{c.before}</del> : null}
                      {c.before && c.after ? ' → ' : null}
                      {c.after ? <ins className="no-underline">{c.after}</ins> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
      {trail.hasNextPage ? (
        <Button variant="secondary" className="mt-4" onClick={() => trail.fetchNextPage()} disabled={trail.isFetchingNextPage}>
          {trail.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </StaffShell>
  );
}
