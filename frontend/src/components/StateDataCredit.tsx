import { DATASET_LICENSE_URL, DATASET_NAME, DATASET_URL } from '../lib/dataset.ts';

/**
 * The credit line under state figures. Its own module: the order page shows it without loading
 * the state data the processing times are read from.
 */
export function StateDataCredit({
  className = 'text-xs text-slate-600',
  what = 'State processing times',
  caution = "Queues change: check the state's site before relying on a figure.",
}: {
  className?: string;
  what?: string;
  caution?: string;
}) {
  return (
    <p className={className}>
      {what}: the{' '}
      <a href={DATASET_URL} className="underline underline-offset-2" rel="noopener noreferrer">
        {DATASET_NAME}
      </a>{' '}
      by StartupSole LLC (
      <a href={DATASET_LICENSE_URL} className="underline underline-offset-2" rel="noopener noreferrer">
        CC BY 4.0
      </a>
      ). {caution}
    </p>
  );
}
