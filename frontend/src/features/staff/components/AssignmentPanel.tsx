import { useId, useState } from 'react';
import type { StaffApplication } from '#shared/staff/applications.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { useStaffAccount } from '../../../lib/staff-session.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../format.ts';
import { useAssign, useAssignees } from '../staff-api.ts';

/**
 * Who works the order: "Assign to me", or to a person chosen from the staff. Written at the version
 * shown, so when someone else took it meanwhile the person is told instead of taking it over.
 */
export function AssignmentPanel({ app, onSaved }: { app: StaffApplication; onSaved: (app: StaffApplication) => void }) {
  const account = useStaffAccount();
  const people = useAssignees();
  const assign = useAssign();
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const me = account.data?.id;

  async function give(personId: string | null) {
    try {
      const saved = await assign.mutateAsync({ id: app.id, personId, version: app.version ?? 0 });
      onSaved(saved);
      setChoice('');
      toast('Assignment Saved', saved.assignee ? `${saved.assignee.email} works this order.` : 'Nobody is assigned now.');
    } catch (err) {
      toast('Assignment Failed', failureMessage(err), 'error');
    }
  }

  return (
    <section aria-labelledby="assignment-title" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="assignment-title" className="text-sm font-semibold text-slate-900">
        Assigned to
      </h3>
      <p className="mt-1 text-sm text-slate-800" data-assignee={app.assignee?.id ?? ''}>
        {app.assignee ? `${app.assignee.email} · since ${formatDateTime(app.assignee.at)}` : 'Nobody yet'}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {me && app.assignee?.id !== me ? (
          <Button variant="secondary" onClick={() => give(me)} disabled={assign.isPending}>
            Assign to me
          </Button>
        ) : null}
        <label htmlFor={selectId} className="sr-only">
          Assign to a person
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="max-w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900"
        >
          <option value="">Choose a person…</option>
          {(people.data?.people ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name ? `${p.name} (${p.email})` : p.email}
            </option>
          ))}
        </select>
        <Button variant="secondary" onClick={() => give(choice)} disabled={assign.isPending || !choice}>
          Assign
        </Button>
        {app.assignee ? (
          <Button variant="ghost" onClick={() => give(null)} disabled={assign.isPending}>
            Unassign
          </Button>
        ) : null}
      </div>
    </section>
  );
}
