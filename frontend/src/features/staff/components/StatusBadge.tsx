import { normaliseStatus } from '#shared/application-status.ts';

const STYLES: Record<string, string> = {
  submitted: 'bg-amber-100 text-amber-900 ring-amber-200',
  processing: 'bg-sky-100 text-sky-900 ring-sky-200',
  filed: 'bg-violet-100 text-violet-900 ring-violet-200',
  completed: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  open: 'bg-amber-100 text-amber-900 ring-amber-200',
};
const GREY = 'bg-slate-100 text-slate-700 ring-slate-200';

/** Application status (missing = submitted; unknown values grey) or ticket status. */
export function StatusBadge({ status, kind = 'application' }: { status: string | undefined; kind?: 'application' | 'ticket' }) {
  const value = kind === 'application' ? normaliseStatus(status) : (status ?? 'open');
  const style = kind === 'ticket' ? (value === 'open' ? STYLES.open : GREY) : (STYLES[value] ?? GREY);
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${style}`}>{value}</span>;
}
