import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { StaffDocument } from '#shared/orders/documents.schema.ts';
import { DOCUMENT_KIND_LABELS, FILEABLE_KINDS, UPLOAD_KINDS, type UploadKind, uploadFileProblem } from '#shared/orders/documents.ts';
import { einProblem } from '#shared/orders/ein.ts';
import { FILE_NUMBER, type StaffApplication } from '#shared/staff/applications.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { failureMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { documentsKey, downloadDocument, recordSentUpload, sendUpload, useGenerateDocuments, useGenerateSunbiz, useOrderDocuments } from '../documents-api.ts';
import { formatDateTime } from '../format.ts';
import { ElectionPanel } from './ElectionPanel.tsx';
import { HomeRegistrationPanel } from './HomeRegistrationPanel.tsx';
import { MailPanel } from './MailPanel.tsx';

/**
 * The order's documents in the application modal (docs/product.md section 10, "Documents"):
 * every version with its date, generating them again, downloading any version, and uploading
 * the state's approved document, the EIN letter or other evidence (a PDF of at most 10 MB).
 */

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function DocumentRow({ applicationId, doc }: { applicationId: string; doc: StaffDocument }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadDocument(applicationId, doc.id);
    } catch (err) {
      toast('Download Failed', failureMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-[12rem] flex-1">
        <p className="break-words text-sm font-medium text-slate-900">
          {DOCUMENT_KIND_LABELS[doc.kind]} <span className="font-normal text-slate-600">v{doc.version}</span>
          {doc.filed ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Filed version</span> : null}
        </p>
        {doc.title !== DOCUMENT_KIND_LABELS[doc.kind] || doc.fileNumber ? (
          <p className="break-words text-xs text-slate-600">
            {[doc.title !== DOCUMENT_KIND_LABELS[doc.kind] ? doc.title : '', doc.fileNumber ? `file number ${doc.fileNumber}` : ''].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        <p className="text-xs text-slate-600">
          {doc.origin === 'generated' ? 'Generated' : 'Uploaded'} {formatDateTime(doc.createdAt)} · {size(doc.size)}
          {doc.createdBy ? ` · ${doc.createdBy}` : ''}
        </p>
      </div>
      <Button
        variant="secondary"
        className="!px-3 !py-1.5"
        onClick={download}
        disabled={busy}
        aria-label={`Download ${DOCUMENT_KIND_LABELS[doc.kind]} version ${doc.version}`}
      >
        {busy ? 'Opening…' : 'Download'}
      </Button>
    </li>
  );
}

/** How long a sent file waits before it is recorded on the order, so a wrong pick can be undone. */
export const RECORD_HOLD_MS = 5000;

/** Where the chosen file is: sent to the store, held (Undo), being recorded, or recorded (Replace). */
type Step = { phase: 'sending' | 'held' | 'recording'; name: string } | { phase: 'done'; name: string; label: string };

/**
 * The upload starts when the file is chosen (no Upload click): the file is sent, then held for
 * RECORD_HOLD_MS with Undo (nothing is recorded, the customer is not emailed, the unrecorded file
 * expires from the bucket), then recorded. Replace picks another file, recorded as a newer version.
 * A file the form cannot take yet (a PDF check, the EIN, the CP261 date) shows why and waits for
 * Upload. Closing the dialog during the hold records the file at once.
 */
function UploadForm({
  applicationId,
  documents,
  einBought,
  holdMs,
}: {
  applicationId: string;
  documents: StaffDocument[];
  einBought: boolean;
  holdMs: number;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<UploadKind>('approved_articles');
  const [fileNumber, setFileNumber] = useState('');
  const [title, setTitle] = useState('');
  const [filedId, setFiledId] = useState('');
  const [ein, setEin] = useState('');
  const [effectiveOn, setEffectiveOn] = useState('');
  // The EIN letter of an order that bought the EIN is recorded with its number (and deletes the SSN).
  const withEin = kind === 'ein_letter' && einBought;
  const [problem, setProblem] = useState<string | undefined>();
  // A file chosen and not sent (the form needed something first): Upload sends it.
  const [waiting, setWaiting] = useState(false);
  const [step, setStep] = useState<Step | undefined>();
  const held = useRef<{ timer: ReturnType<typeof setTimeout>; record: () => Promise<void> } | undefined>(undefined);
  const formations = documents.filter((d) => FILEABLE_KINDS.includes(d.kind) && d.origin === 'generated');
  const busy = step !== undefined && step.phase !== 'done';

  // Closing the dialog while a file is held records it: the staff member chose it.
  useEffect(
    () => () => {
      const h = held.current;
      if (!h) return;
      clearTimeout(h.timer);
      void h.record();
    },
    [],
  );

  function clearFile() {
    if (fileInput.current) fileInput.current.value = '';
    setWaiting(false);
  }

  async function send(file: File | undefined) {
    const number = fileNumber.trim();
    const issue = !file
      ? 'Choose the PDF to upload'
      : (uploadFileProblem(file) ??
        (number && !FILE_NUMBER.test(number) ? 'Enter the file number the state gave (3-40 letters and digits)' : undefined) ??
        (withEin ? einProblem(ein) : undefined) ??
        (kind === 'cp261_letter' && !effectiveOn ? 'Enter the date the letter says the election takes effect' : undefined));
    setProblem(issue);
    setWaiting(Boolean(issue && file));
    if (issue || !file) return;
    // What the form says now is what is recorded, whatever is typed during the hold.
    const input = {
      kind,
      ...(kind === 'approved_articles' && number ? { fileNumber: number } : {}),
      ...(kind === 'other' && title.trim() ? { title: title.trim() } : {}),
      ...(kind === 'approved_articles' && filedId ? { filedDocumentId: filedId } : {}),
      ...(withEin ? { ein: ein.trim() } : {}),
      ...(kind === 'cp261_letter' ? { effectiveOn } : {}),
    };
    const name = file.name;
    setStep({ phase: 'sending', name });
    let uploadId: string;
    try {
      uploadId = await sendUpload(applicationId, file);
    } catch (err) {
      setStep(undefined);
      setWaiting(true);
      setProblem(failureMessage(err));
      return;
    }
    const record = async () => {
      held.current = undefined;
      setStep({ phase: 'recording', name });
      try {
        const after = await recordSentUpload(applicationId, uploadId, input);
        queryClient.setQueryData(documentsKey(applicationId), after);
        const recorded = after.documents.find((d) => d.id === uploadId);
        const label = `${DOCUMENT_KIND_LABELS[input.kind]}${recorded ? ` v${recorded.version}` : ''}`;
        toast('Document Uploaded', `${DOCUMENT_KIND_LABELS[input.kind]} is on the order.`);
        clearFile();
        setFileNumber('');
        setTitle('');
        setEin('');
        setEffectiveOn('');
        setStep({ phase: 'done', name, label });
      } catch (err) {
        setStep(undefined);
        setWaiting(true);
        setProblem(failureMessage(err));
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['staff'] });
      }
    };
    if (holdMs <= 0) return record();
    held.current = { timer: setTimeout(() => void record(), holdMs), record };
    setStep({ phase: 'held', name });
  }

  function undo() {
    const h = held.current;
    if (!h) return;
    clearTimeout(h.timer);
    held.current = undefined;
    clearFile();
    setStep(undefined);
    setProblem(undefined);
    toast('Upload Undone', 'Nothing was recorded on the order.');
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void send(fileInput.current?.files?.[0]);
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2" aria-labelledby={`${ids}-title`} noValidate>
      <p id={`${ids}-title`} className="text-sm font-medium text-slate-800 sm:col-span-2">
        Upload a filed document (PDF, at most 10 MB): it is uploaded when chosen
      </p>
      <label className="text-sm text-slate-800">
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as UploadKind)} className={INPUT} disabled={busy}>
          {UPLOAD_KINDS.map((k) => (
            <option key={k} value={k}>
              {DOCUMENT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'approved_articles' ? (
        <label className="text-sm text-slate-800">
          File number (on the approved document)
          <input value={fileNumber} onChange={(e) => setFileNumber(e.target.value)} className={INPUT} autoComplete="off" />
        </label>
      ) : null}
      {kind === 'approved_articles' && formations.length > 1 ? (
        <label className="text-sm text-slate-800">
          Filed from
          <select value={filedId} onChange={(e) => setFiledId(e.target.value)} className={INPUT}>
            <option value="">The newest version</option>
            {formations.map((d) => (
              <option key={d.id} value={d.id}>
                v{d.version}, {formatDateTime(d.createdAt)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {withEin ? (
        <label className="text-sm text-slate-800">
          EIN (on the IRS letter)
          <input value={ein} onChange={(e) => setEin(e.target.value)} className={INPUT} autoComplete="off" inputMode="numeric" placeholder="12-3456789" />
        </label>
      ) : null}
      {kind === 'cp261_letter' ? (
        <label className="text-sm text-slate-800">
          Election in effect from (on the CP261)
          <input type="date" value={effectiveOn} onChange={(e) => setEffectiveOn(e.target.value)} className={INPUT} />
        </label>
      ) : null}
      {kind === 'other' ? (
        <label className="text-sm text-slate-800">
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} className={INPUT} />
        </label>
      ) : null}
      <label className="text-sm text-slate-800 sm:col-span-2">
        PDF file
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          disabled={busy}
          onChange={(e) => void send(e.target.files?.[0])}
          className={`${INPUT} file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
        />
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      {step ? (
        <div role="status" aria-label="Upload progress" className="flex flex-wrap items-center gap-2 text-sm text-slate-800 sm:col-span-2">
          {step?.phase === 'sending' ? <span>Uploading {step.name}…</span> : null}
          {step?.phase === 'held' ? (
            <>
              <span>
                {step.name} uploaded: recorded on the order in {Math.round(holdMs / 1000)} seconds.
              </span>
              <Button type="button" variant="secondary" className="!px-3 !py-1.5" onClick={undo}>
                Undo upload
              </Button>
            </>
          ) : null}
          {step?.phase === 'recording' ? <span>Recording {step.name}…</span> : null}
          {step?.phase === 'done' ? (
            <>
              <span>
                {step.name} recorded as {step.label}.
              </span>
              <Button type="button" variant="secondary" className="!px-3 !py-1.5" onClick={() => fileInput.current?.click()}>
                Replace with another file
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {waiting ? (
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            Upload
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Documents of the order: the list, Generate (again), and the upload form. */
export function OrderDocumentsPanel({ app, recordHoldMs = RECORD_HOLD_MS }: { app: StaffApplication; recordHoldMs?: number }) {
  const list = useOrderDocuments(app.id);
  const generate = useGenerateDocuments(app.id);
  const sunbiz = useGenerateSunbiz(app.id);
  // The original brief's "Generate Sunbiz": Florida orders in processing (the server refuses the rest).
  const sunbizOffered = app.state === 'FL' && app.status === 'processing';

  async function generateSunbiz() {
    try {
      const { document } = await sunbiz.mutateAsync();
      toast('Sunbiz Articles Generated', `Version ${document.version} of the Florida Articles is downloading.`);
    } catch (err) {
      toast('Sunbiz Failed', failureMessage(err), 'error');
    }
  }
  const data = list.data;
  const documents = data?.documents ?? [];
  const missing = data?.missing ?? [];

  async function generateAgain() {
    try {
      await generate.mutateAsync();
      toast('Documents Generated', 'The new versions are listed; earlier versions are kept.');
    } catch (err) {
      toast('Generation Failed', failureMessage(err), 'error');
    }
  }

  return (
    <section aria-labelledby="order-documents-title" className="mt-6 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="order-documents-title" className="text-sm font-semibold text-slate-900">
          Documents
        </h3>
        <div className="flex flex-wrap gap-2">
          {sunbizOffered ? (
            <Button variant="secondary" className="!px-3 !py-1.5" onClick={generateSunbiz} disabled={sunbiz.isPending}>
              {sunbiz.isPending ? 'Generating…' : 'Generate Sunbiz'}
            </Button>
          ) : null}
          {data && !data.generateBlocker && !missing.length ? (
            <Button variant="secondary" className="!px-3 !py-1.5" onClick={generateAgain} disabled={generate.isPending}>
              {generate.isPending ? 'Generating…' : 'Regenerate'}
            </Button>
          ) : null}
        </div>
      </div>
      {list.isPending ? <p className="mt-3 text-sm text-slate-600">Loading documents…</p> : null}
      {list.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failureMessage(list.error)}
        </p>
      ) : null}
      {data?.problem ? (
        <div role="alert" className="mt-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="documents-problem">
          <p className="font-semibold">
            The documents could not be generated ({formatDateTime(data.problem.at)}). Nothing was stored; fix, then press Generate:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {data.problem.blockers.map((b) => (
              <li key={`${b.code}:${b.field ?? ''}`} data-code={b.code}>
                {b.field ? <strong className="font-semibold">{b.field}: </strong> : null}
                {b.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {missing.length ? (
        <div role="status" className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3">
          <p className="text-sm text-amber-900">Documents not generated: {missing.map((k) => DOCUMENT_KIND_LABELS[k].toLowerCase()).join(', ')}.</p>
          <Button className="!px-3 !py-1.5" onClick={generateAgain} disabled={generate.isPending}>
            {generate.isPending ? 'Generating…' : 'Generate'}
          </Button>
        </div>
      ) : null}
      {data && !documents.length && data.generateBlocker ? <p className="mt-3 text-sm text-slate-600">{data.generateBlocker}.</p> : null}
      {documents.length ? (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Documents of the order">
          {documents.map((d) => (
            <DocumentRow key={d.id} applicationId={app.id} doc={d} />
          ))}
        </ul>
      ) : null}
      {data && app.paymentStatus === 'paid' ? (
        <UploadForm applicationId={app.id} documents={documents} einBought={data.deliverables.some((d) => d.key === 'ein')} holdMs={recordHoldMs} />
      ) : null}
      {data?.election ? <ElectionPanel applicationId={app.id} election={data.election} /> : null}
      {data?.homeRegistration ? <HomeRegistrationPanel applicationId={app.id} registration={data.homeRegistration} /> : null}
      {data ? <MailPanel applicationId={app.id} mail={data.mail ?? []} paid={app.paymentStatus === 'paid'} /> : null}
    </section>
  );
}
