import { useState } from 'react';
import type { OrderDocument } from '#shared/orders/view.schema.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';

const dateOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
};

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
 * The order's documents (the vault), as the server lists them. Each download asks for a fresh
 * link of a few minutes (`GET /api/orders/{id}/documents/{documentId}`, holder only).
 */
export function DocumentsList({ orderId, documents }: { orderId: string; documents: readonly OrderDocument[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(doc: OrderDocument) {
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

  if (documents.length === 0)
    return <p className="text-sm text-slate-600">Your documents appear here as we prepare them, starting with the filing we send to the state.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Documents">
        {documents.map((doc) => (
          <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="min-w-0">
              <p className="break-words text-sm font-medium text-slate-900">{doc.title}</p>
              <p className="text-xs text-slate-600">
                {doc.origin === 'uploaded' ? 'Added by our team' : 'Prepared by us'} on {dateOf(doc.createdAt)}
                {doc.filed ? ' · filed with the state' : ''}
              </p>
            </div>
            <Button variant="secondary" className="!px-3 !py-1.5" onClick={() => download(doc)} disabled={busy === doc.id} aria-label={`Download ${doc.title}`}>
              {busy === doc.id ? 'Preparing…' : 'Download'}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
