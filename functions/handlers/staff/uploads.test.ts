import { GetObjectCommand } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../../tests/documents/pdf-text.ts';
import { EIN_DETAILS } from '../../../tests/documents/test-fixtures.ts';
import { putOperatorAgentOffices, putPaidOrder, storedKeys } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { documentsBucket, s3 } from '../../lib/clients/s3.ts';
import { seal } from '../../lib/crypto/sealed.ts';
import { taxIdContext } from '../../orders/tax-id.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as documentLink } from './document-link.ts';
import { handler as generateDocuments } from './documents-generate.ts';
import { handler as recordEinHandler } from './record-ein.ts';
import { handler as updateApplication } from './update-application.ts';
import { handler as recordUpload } from './upload-record.ts';
import { handler as startUpload } from './upload-start.ts';

/**
 * Staff uploads of filed evidence (docs/product.md section 10, "Documents"): a presigned PUT of
 * a PDF, checked when recorded (a PDF of at most 10 MB, or refused and removed), never served
 * as anything but a PDF attachment; the EIN letter deletes the stored SSN.
 */

let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
  await putOperatorAgentOffices();
});

const start = (id: string, body: unknown) =>
  invoke(
    startUpload,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/uploads',
      path: `/api/staff/applications/${id}/uploads`,
      pathParameters: { id },
      body,
      headers,
    }),
  );
const record = (id: string, uploadId: string, body: unknown) =>
  invoke(
    recordUpload,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/uploads/{uploadId}/record',
      path: `/api/staff/applications/${id}/uploads/${uploadId}/record`,
      pathParameters: { id, uploadId },
      body,
      headers,
    }),
  );
const link = (id: string, documentId: string) =>
  invoke(
    documentLink,
    apiEvent({
      method: 'GET',
      route: '/api/staff/applications/{id}/documents/{documentId}',
      path: `/api/staff/applications/${id}/documents/${documentId}`,
      pathParameters: { id, documentId },
      headers,
    }),
  );
const generate = (id: string) =>
  invoke(
    generateDocuments,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/documents',
      path: `/api/staff/applications/${id}/documents`,
      pathParameters: { id },
      headers,
    }),
  );

const recordEin = (id: string, body: unknown) =>
  invoke(
    recordEinHandler,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/ein',
      path: `/api/staff/applications/${id}/ein`,
      pathParameters: { id },
      body,
      headers,
    }),
  );

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.setTitle('State stamped articles');
  return doc.save();
}

/** Asks for an upload link and PUTs the bytes to it as the browser does; returns the upload id. */
async function upload(id: string, bytes: Uint8Array, opts: { contentType?: string; declaredSize?: number } = {}): Promise<{ uploadId: string; put: Response }> {
  const contentType = opts.contentType ?? 'application/pdf';
  const ticket = await start(id, { contentType: 'application/pdf', size: opts.declaredSize ?? bytes.byteLength });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: { ...ticket.body.headers, 'content-type': contentType }, body: Buffer.from(bytes) });
  return { uploadId: ticket.body.uploadId, put };
}

describe('staff uploads', () => {
  it('records the approved articles with the file number, marks the filed version, and serves them as a PDF attachment', async () => {
    const app = await putPaidOrder('FL', { status: 'processing' });
    await generate(app.id);
    await generate(app.id);
    const formations = ((await getApplication(app.id)).documents ?? []).filter((d) => d.kind === 'formation');
    expect(formations.map((d) => d.version)).toEqual([1, 2]);

    const pdf = await samplePdf();
    const ticket = await start(app.id, { contentType: 'application/pdf', size: pdf.byteLength });
    expect(ticket.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, maxBytes: 10 * 1024 * 1024 });
    // The type and the declared size are signed: S3 refuses a PUT of another type or length.
    expect(new URL(ticket.body.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length']));
    const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(pdf) });
    expect(put.status).toBe(200);

    const res = await record(app.id, ticket.body.uploadId, { kind: 'approved_articles', fileNumber: 'L26000123456', filedDocumentId: formations[0].id });
    expect(res.status).toBe(200);
    const approved = res.body.documents.find((d: { kind: string }) => d.kind === 'approved_articles');
    expect(approved).toMatchObject({ id: ticket.body.uploadId, origin: 'uploaded', version: 1, fileNumber: 'L26000123456', size: pdf.byteLength });
    const stored = await getApplication(app.id);
    expect(stored.fileNumber).toBe('L26000123456');
    expect(stored.documents?.filter((d) => d.filed).map((d) => d.id)).toEqual([formations[0].id]);
    // The staging object is gone; the document lives under its own key.
    expect(await storedKeys(`documents/uploads/${app.id}/`)).toEqual([]);
    expect(await storedKeys(`documents/orders/${app.id}/${ticket.body.uploadId}`)).toHaveLength(1);

    const download = await fetch((await link(app.id, ticket.body.uploadId)).body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="approved-articles-[a-z0-9-]+\.pdf"$/);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // Recording the same upload again changes nothing.
    const again = await record(app.id, ticket.body.uploadId, { kind: 'approved_articles', fileNumber: 'L26000123456' });
    expect(again.status).toBe(200);
    expect((await getApplication(app.id)).documents).toEqual(stored.documents);
  });

  it("emails the customer when the filed DBA is recorded, in the state's own word for it", async () => {
    const app = await putPaidOrder('TX', { status: 'processing', dbaRegistration: true, dbaName: 'Pixel Kitchen', email: 'dba.owner@example.com' });
    const { uploadId } = await upload(app.id, await samplePdf());
    expect((await record(app.id, uploadId, { kind: 'dba_registration' })).status).toBe(200);
    const mail = await getMessage(`deliverable:${app.id}:${uploadId}`);
    expect(mail).toMatchObject({ kind: 'deliverable_ready', to: 'dba.owner@example.com', applicationId: app.id });
    expect(mail?.payload).toMatchObject({ title: 'Your assumed name is registered' });
    expect(String((mail?.payload as { detail?: string } | undefined)?.detail)).toContain('"Pixel Kitchen" is registered as a business name');
  });

  it('defaults the filed version to the newest formation document', async () => {
    const app = await putPaidOrder('DE', { status: 'processing' });
    await generate(app.id);
    await generate(app.id);
    const { uploadId } = await upload(app.id, await samplePdf());
    expect((await record(app.id, uploadId, { kind: 'approved_articles' })).status).toBe(200);
    const docs = (await getApplication(app.id)).documents ?? [];
    expect(docs.filter((d) => d.filed).map((d) => [d.kind, d.version])).toEqual([['formation', 2]]);
  });

  it('refuses an HTML body sent as a PDF, removes it, and records nothing', async () => {
    const app = await putPaidOrder('FL', { status: 'processing' });
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const { uploadId, put } = await upload(app.id, html);
    expect(put.status).toBe(200);
    const res = await record(app.id, uploadId, { kind: 'other', title: 'Evidence' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('not_a_pdf');
    expect((await getApplication(app.id)).documents).toBeUndefined();
    expect(await storedKeys(`documents/uploads/${app.id}/`)).toEqual([]);
    expect(await storedKeys(`documents/orders/${app.id}/`)).toEqual([]);
    expect((await link(app.id, uploadId)).status).toBe(404);
  });

  it('stores and serves a PDF attachment whatever Content-Type the upload carried', async () => {
    // S3 itself refuses a PUT whose Content-Type is not the signed one; the local store does not
    // check signatures, so this is the layer behind it: the recorded copy is a PDF attachment.
    const app = await putPaidOrder('FL', { status: 'processing' });
    const { uploadId, put } = await upload(app.id, await samplePdf(), { contentType: 'text/html' });
    expect(put.status).toBe(200);
    expect((await record(app.id, uploadId, { kind: 'other', title: 'Bank letter' })).status).toBe(200);
    const download = await fetch((await link(app.id, uploadId)).body.url);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await getApplication(app.id)).documents?.[0]).toMatchObject({ kind: 'other', title: 'Bank letter' });
  });

  it('limits the size: at most 10 MB asked, and a larger file sent anyway is refused and removed', async () => {
    const app = await putPaidOrder('FL', { status: 'processing' });
    const big = await start(app.id, { contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 });
    expect(big.status).toBe(400);
    expect((await start(app.id, { contentType: 'text/html', size: 100 })).status).toBe(400);
    const bytes = new Uint8Array(10 * 1024 * 1024 + 1);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    // A browser that asked for a small upload and sent more: refused when recorded.
    const { uploadId, put } = await upload(app.id, bytes, { declaredSize: 1000 });
    expect(put.status).toBe(200);
    const res = await record(app.id, uploadId, { kind: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('file_too_large');
    expect(await storedKeys(`documents/uploads/${app.id}/`)).toEqual([]);
    expect((await getApplication(app.id)).documents).toBeUndefined();
  }, 60_000);

  it('recording the EIN letter deletes the sealed SSN (the last four digits stay)', async () => {
    const app = await putPaidOrder('FL', { status: 'processing', feinFiling: true, details: { ein: EIN_DETAILS } });
    const { setApplicationFields } = await import('../../../tests/fakes/applications.ts');
    await setApplicationFields(app.id, { sealedTaxId: await seal('123456789', taxIdContext(app.id)) });
    expect((await getApplication(app.id)).sealedTaxId).toBeDefined();
    const { uploadId } = await upload(app.id, await samplePdf());
    const res = await record(app.id, uploadId, { kind: 'ein_letter' });
    expect(res.status).toBe(200);
    const stored = await getApplication(app.id);
    expect(stored.sealedTaxId).toBeUndefined();
    expect(stored.filingDetails?.ein?.responsibleParty).toMatchObject({ taxIdLast4: '6789', taxIdDeleted: true });
    expect(stored.documents?.map((d) => d.kind)).toEqual(['ein_letter']);
  });

  it('recording the state-stamped document emails the customer from the same write', async () => {
    const app = await putPaidOrder('FL', { status: 'filed', email: 'jordan@example.com' });
    const { uploadId } = await upload(app.id, await samplePdf());
    expect((await record(app.id, uploadId, { kind: 'approved_articles', fileNumber: 'L26000999999' })).status).toBe(200);
    const email = await getMessage(`deliverable:${app.id}:${uploadId}`);
    expect(email).toMatchObject({ kind: 'deliverable_ready', to: 'jordan@example.com', payload: { title: 'Your state-approved formation document is ready' } });
    expect((email!.payload as { detail: string }).detail).toContain('Florida approved the formation of Bright Pixel Studios FL LLC (file number L26000999999)');
  });

  it('records the EIN with its IRS letter in one write: the SSN is deleted, the customer emailed, the order shows both', async () => {
    const app = await putPaidOrder('FL', { status: 'filed', feinFiling: true, email: 'jordan@example.com', details: { ein: EIN_DETAILS } });
    const { setApplicationFields } = await import('../../../tests/fakes/applications.ts');
    await setApplicationFields(app.id, { sealedTaxId: await seal('123456789', taxIdContext(app.id)) });
    const { uploadId } = await upload(app.id, await samplePdf());
    // An EIN the IRS never issues (prefix 07) or of the wrong length: 400 with the sentence, nothing recorded.
    for (const ein of ['07-1234567', '88-123456']) {
      const bad = await recordEin(app.id, { ein, uploadId });
      expect(bad.status).toBe(400);
      expect(bad.body.details.ein[0]).toMatch(/No EIN starts with 07|9 digits/);
    }
    expect((await getApplication(app.id)).sealedTaxId).toBeDefined();

    const res = await recordEin(app.id, { ein: '881234567', uploadId });
    expect(res.status).toBe(200);
    expect(res.body.ein).toBe('88-1234567');
    expect(res.body.deliverables.find((d: { key: string }) => d.key === 'ein')).toMatchObject({ delivered: true });
    const stored = await getApplication(app.id);
    expect(stored).toMatchObject({ ein: '88-1234567' });
    expect(stored.sealedTaxId).toBeUndefined();
    expect(stored.filingDetails?.ein?.responsibleParty).toMatchObject({ taxIdDeleted: true });
    expect(stored.documents?.map((d) => [d.kind, d.id])).toEqual([['ein_letter', uploadId]]);
    const email = await getMessage(`deliverable:${app.id}:${uploadId}`);
    expect(email).toMatchObject({ kind: 'deliverable_ready', payload: { title: 'Your EIN is ready' } });
    expect((email!.payload as { detail: string }).detail).toContain('88-1234567');
    const trail = await listAudit({ applicationId: app.id });
    expect(trail.items.find((e) => e.action === 'ein_recorded')).toMatchObject({ after: { ein: '88-1234567', taxIdOnFile: false } });
    expect(JSON.stringify(trail.items)).not.toContain('123456789');
    // Sending it again changes nothing.
    expect((await recordEin(app.id, { ein: '88-1234567', uploadId })).status).toBe(200);
    expect((await getApplication(app.id)).version).toBe(stored.version);
  });

  it('makes the Form 2553 worksheet again when the order is filed and when its EIN is recorded, so it prints both', async () => {
    const now = new Date().toISOString();
    const app = await putPaidOrder('FL', {
      feinFiling: true,
      form2553: true,
      pricedOrder: { totalCents: 34900, state: 'FL', expeditedFiling: false, feinFiling: true, operatingAgreement: false, form2553: true, pricedAt: now },
      details: { ein: EIN_DETAILS },
    });
    const move = (body: unknown) => invoke(updateApplication, staffUpdateEvent(app.id, body, headers));
    const worksheets = async () => ((await getApplication(app.id)).documents ?? []).filter((d) => d.kind === 'form_2553_worksheet');
    const newestText = async () => {
      const key = (await worksheets()).at(-1)?.key as string;
      const out = await s3().send(new GetObjectCommand({ Bucket: documentsBucket(), Key: key }));
      return pdfFlatText(await out.Body!.transformToByteArray());
    };

    expect((await move({ status: 'processing' })).status).toBe(200);
    expect(await worksheets()).toHaveLength(1);
    expect(await newestText()).toContain('your payment date, until Florida files the LLC');
    expect(await newestText()).toContain('Not assigned yet');

    const filedOn = now.slice(0, 10);
    expect((await move({ status: 'filed', fileNumber: 'L26000123456', filedOn })).status).toBe(200);
    expect(await worksheets()).toHaveLength(2);
    expect(await newestText()).toContain('the day Florida filed the LLC');

    const { uploadId } = await upload(app.id, await samplePdf());
    const res = await recordEin(app.id, { ein: '88-1234567', uploadId });
    expect(res.status).toBe(200);
    expect(await worksheets()).toHaveLength(3);
    expect(await newestText()).toContain('88-1234567');
    expect(res.body.missing).toEqual([]);
    expect(res.body.deliverables.find((d: { key: string }) => d.key === 'form_2553')).toMatchObject({ delivered: true });
    // Recording it again makes nothing new.
    expect((await recordEin(app.id, { ein: '88-1234567', uploadId })).status).toBe(200);
    expect(await worksheets()).toHaveLength(3);
  });

  it('refuses to record an EIN for an order that did not buy one', async () => {
    const app = await putPaidOrder('FL', { status: 'filed' });
    const { uploadId } = await upload(app.id, await samplePdf());
    const res = await recordEin(app.id, { ein: '88-1234567', uploadId });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ein_not_bought');
  });

  it('is refused for an unpaid order', async () => {
    const app = await putPaidOrder('FL', { paymentStatus: 'unpaid' });
    const res = await start(app.id, { contentType: 'application/pdf', size: 100 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order_not_paid');
  });
});
