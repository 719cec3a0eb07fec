import { useId, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useRecordAnnualReport, useReportOrder, useReportsToFile } from '../annual-reports-api.ts';
import { formatDate, orderNumber } from '../format.ts';
import { PortalSheetPanel } from './PortalSheetPanel.tsx';

type Report = NonNullable<ReturnType<typeof useReportsToFile>['data']>['reports'][number];

/**
 * The report's portal sheet in its row (docs/decisions/0419, 0435): the order's Annual report
 * sheet, the one its modal shows, read from the order when opened.
 */
function ReportSheet({ report }: { report: Report }) {
  const order = useReportOrder(report.applicationId, true);
  if (order.isPending) return <p className="mt-2 text-sm text-slate-600">Loading the order…</p>;
  if (order.isError)
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        The order could not be loaded: {failureMessage(order.error)}
      </p>
    );
  const app = order.data;
  return <PortalSheetPanel orderId={app.id} order={app} hasEin={Boolean(app.filingDetails?.ein)} hasDba={Boolean(app.dbaName)} initialKind="annual-report" />;
}

/** One paid report: the state's page to file it on, its portal sheet, then the confirmation number and the receipt recorded. */
function ReportRow({ report }: { report: Report }) {
  const record = useRecordAnnualReport(report.applicationId);
  const [confirmation, setConfirmation] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const ids = { confirmation: useId(), file: useId(), sheet: useId() };
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <li className="px-4 py-3 text-sm" data-order={report.applicationId}>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono text-xs text-slate-600">{orderNumber(report.applicationId)}</span>
        <span className="min-w-0 break-words font-medium text-slate-900">{report.businessName || 'Unnamed business'}</span>
        <span className="text-slate-700">{report.state}</span>
        <span className="text-slate-700">due {formatDate(report.dueOn)}</span>
        {report.annualReportUrl ? (
          <a className="text-sky-800 underline" href={report.annualReportUrl} target="_blank" rel="noreferrer">
            The state's annual report page
          </a>
        ) : (
          <span className="text-slate-600">The data names no online annual report page for this state</span>
        )}
      </p>
      <Button variant="ghost" className="mt-1" aria-expanded={sheetOpen} aria-controls={ids.sheet} onClick={() => setSheetOpen((open) => !open)}>
        {sheetOpen ? 'Hide the portal sheet' : 'Portal sheet: what the report asks'}
      </Button>
      {sheetOpen ? (
        <div id={ids.sheet}>
          <ReportSheet report={report} />
        </div>
      ) : null}
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          record.mutate(
            { file, dueOn: report.dueOn, confirmation },
            {
              onSuccess: () => toast('Report recorded', 'The customer has the receipt in the vault and an email.', 'success'),
              onError: (err) => toast('Not recorded', failureMessage(err), 'error'),
            },
          );
        }}
      >
        <label htmlFor={ids.confirmation} className="flex flex-col text-slate-700">
          Confirmation number
          <input
            id={ids.confirmation}
            className="rounded border border-slate-300 px-2 py-1"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        </label>
        <label htmlFor={ids.file} className="flex flex-col text-slate-700">
          The state's receipt (PDF)
          <input id={ids.file} type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <Button type="submit" variant="secondary" disabled={!file || !confirmation.trim() || record.isPending}>
          Record filed
        </Button>
      </form>
    </li>
  );
}

/** The annual reports customers paid us to file and still to file, soonest due first. */
export function ReportsToFileList() {
  const query = useReportsToFile(true);
  if (query.isPending) return <p className="mt-6 text-sm text-slate-600">Loading the annual reports…</p>;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700">
        The annual reports could not be loaded: {failureMessage(query.error)}
      </p>
    );
  const { reports } = query.data;
  return (
    <section aria-labelledby="annual-reports-title" className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id="annual-reports-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        Annual reports to file <span className="font-normal text-slate-600">({reports.length})</span>
      </h3>
      {reports.length ? (
        <ul className="divide-y divide-slate-100">
          {reports.map((r) => (
            <ReportRow key={`${r.applicationId}-${r.dueOn}`} report={r} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-sm text-slate-600">No paid annual report is waiting to be filed.</p>
      )}
    </section>
  );
}
