import { useState } from 'react';
import type { OrderMail } from '#shared/mail/mail.schema.ts';
import type { OrderDocument } from '#shared/orders/view.schema.ts';
import { writtenDate } from '#shared/written-date.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { shortDate } from '../../lib/local-dates.ts';

/** Starts the download of a short-lived document link without leaving the page. */
function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The order's documents (the vault), as the server lists them, and under Mail the mail our
 * registered agent address received, newest first, each with its scan (docs/decisions/0421). Each
 * download asks for a fresh link of a few minutes (`GET /api/orders/{id}/documents/{documentId}`,
 * holder only).
 */
export function DocumentsList({ orderId, documents, mail = [] }: { orderId: string; documents: readonly OrderDocument[]; mail?: readonly OrderMail[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scans = new Map(documents.filter((d) => d.kind === 'mail_scan').map((d) => [d.id, d]));
  const filed = documents.filter((d) => d.kind !== 'mail_scan');

  async function download(doc: Pick<OrderDocument, 'id' | 'title'>) {
    setBusy(doc.id);
    setError(null);
    try {
      const { url } = await apiCall('GET /api/orders/{id}/documents/{documentId}', { params: { id: orderId, documentId: doc.id } });
      startDownload(url);
    } catch (err) {
      setError(`${doc.title} could not be downloaded: ${failureMessage(err)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {filed.length === 0 ? (
        <p className="text-sm text-slate-600">Your documents appear here as we prepare them, starting with the filing we send to the state.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Documents">
          {filed.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-slate-900">{doc.title}</p>
                <p className="text-xs text-slate-600">
                  {doc.origin === 'uploaded' ? 'Added by our team' : 'Prepared by us'} on {shortDate(doc.createdAt)}
                  {doc.filed ? ' · filed with the state' : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                className="!px-3 !py-1.5"
                onClick={() => download(doc)}
                disabled={busy === doc.id}
                aria-label={`Download ${doc.title}`}
              >
                {busy === doc.id ? 'Preparing…' : 'Download'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {mail.length ? (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900">Mail</h3>
          <ul className="divide-y divide-slate-200" aria-label="Mail">
            {mail.map((m) => {
              const scan = scans.get(m.documentId) ?? { id: m.documentId, title: `${m.label} from ${m.sender}` };
              return (
                <li key={m.id} className="py-2.5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="min-w-0 break-words text-sm font-medium text-slate-900">
                      {m.kind === 'service_of_process' ? (
                        <span className="mr-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">Urgent</span>
                      ) : null}
                      {m.kind === 'solicitation' ? (
                        <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Likely solicitation</span>
                      ) : null}
                      {m.kind === 'solicitation' ? '' : `${m.label}: `}
                      {m.sender}
                    </p>
                    <Button
                      variant="secondary"
                      className="!px-3 !py-1.5"
                      onClick={() => download(scan)}
                      disabled={busy === scan.id}
                      aria-label={`Download the scan from ${m.sender}`}
                    >
                      {busy === scan.id ? 'Preparing…' : 'Download'}
                    </Button>
                  </div>
                  <p className="text-xs text-slate-600">
                    Received {writtenDate(m.receivedOn)}
                    {m.answerDeadline ? (
                      <>
                        {' · '}
                        <strong className="font-semibold text-red-800">answer due {writtenDate(m.answerDeadline)}</strong>
                      </>
                    ) : null}
                  </p>
                  <p className="mt-1 text-sm text-slate-700">{m.meaning}</p>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
