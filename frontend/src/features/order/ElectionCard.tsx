import type { ElectionView } from '#shared/s-corp/election.schema.ts';

/**
 * The S-corporation election on the order page (docs/decisions/0422-election-tracked.md): where it
 * stands, from the worksheet to the IRS letter (CP261), in the server's own sentences (not sent
 * yet, waiting with the day the answer is due, late with the Rev. Proc. 2013-30 steps, overdue
 * with whom to call, in effect).
 */

const TONE: Record<ElectionView['state'], string> = {
  'not-started': 'border-slate-200 bg-white',
  waiting: 'border-indigo-200 bg-indigo-50',
  late: 'border-amber-300 bg-amber-50',
  overdue: 'border-red-300 bg-red-50',
  'in-effect': 'border-emerald-300 bg-emerald-50',
};

export function ElectionCard({ election }: { election: ElectionView }) {
  return (
    <div className={`rounded-2xl border p-4 ${TONE[election.state]}`} data-state={election.state}>
      <p className="text-sm font-semibold text-slate-900">{election.headline}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {election.detail.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
