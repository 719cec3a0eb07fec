import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { detailsFor, EIN_DETAILS } from '../../../tests/documents/test-fixtures.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { storedKeys } from '../../../tests/fakes/documents.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as recordHandler } from './election-letter-record.ts';
import { handler as startHandler } from './election-letter-upload.ts';
import { handler as addPayerHandler } from './payer-add.ts';

/**
 * The CP261 of an election the customer filed themselves, uploaded from the order page
 * (docs/decisions/0436): the staff uploads' presigned PUT against the local S3 store, checked as
 * a PDF when recorded, then the order's IRS acceptance letter in the vault with the election in
 * effect, audited with the order as the actor.
 */
const ONE_OWNER = { ...detailsFor('FL'), members: [detailsFor('FL').members[0]], ein: EIN_DETAILS };
const paidOrder = (over: Record<string, unknown> = {}) =>
  putApplication({
    state: 'FL',
    status: 'filed',
    paymentStatus: 'paid',
    paidAt: '2026-09-01T15:00:00.000Z',
    filedOn: '2026-09-03',
    businessName: 'Bright Pixel Studios LLC',
    firstName: 'Jordan',
    email: `jordan-${Math.random().toString(36).slice(2)}@example.com`,
    filingDetails: ONE_OWNER,
    ein: '12-3456789',
    ...over,
  });

const post = (route: string, params: Record<string, string>, body: unknown) =>
  apiEvent({
    method: 'POST',
    route,
    path: Object.entries(params).reduce((p, [k, v]) => p.replace(`{${k}}`, v), route),
    pathParameters: params,
    body,
  });
const start = (id: string, body: unknown) => invoke(startHandler, post('/api/orders/{id}/election/letter/uploads', { id }, body));
const record = (id: string, uploadId: string, body: unknown) =>
  invoke(recordHandler, post('/api/orders/{id}/election/letter/uploads/{uploadId}/record', { id, uploadId }, body));
const addPayer = (id: string, body: unknown) => invoke(addPayerHandler, post('/api/orders/{id}/payers', { id }, body));

async function letterPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  doc.setTitle('CP261');
  return doc.save();
}

/** Asks for the link and PUTs the bytes to it as the browser does. */
async function upload(id: string, bytes: Uint8Array): Promise<string> {
  const ticket = await start(id, { contentType: 'application/pdf', size: bytes.byteLength });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect(ticket.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, maxBytes: 10 * 1024 * 1024 });
  expect(new URL(ticket.body.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length']));
  const put = await fetch(ticket.body.url, { method: 'PUT', headers: ticket.body.headers, body: Buffer.from(bytes) });
  expect(put.status).toBe(200);
  return ticket.body.uploadId;
}

describe('the customer uploads the CP261 of their own election', () => {
  it('records it in the vault as the IRS acceptance letter, puts the election in effect, and an upload again replaces it', async () => {
    const app = await paidOrder();
    expect((await addPayer(app.id, { name: 'Glow Skincare', kind: 'brand', form: 'w9', how: 'email', givenOn: '2026-10-01' })).status).toBe(201);
    const first = await upload(app.id, await letterPdf());
    const res = await record(app.id, first, { effectiveOn: '2026-09-03' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.election).toMatchObject({ state: 'in-effect', effectiveOn: '2026-09-03', selfFiled: true, letterOnFile: true });
    expect(res.body.election.detail[0]).toContain('the letter is in your document vault');
    expect(res.body.documents.filter((d: { kind: string }) => d.kind === 'cp261_letter')).toEqual([
      expect.objectContaining({ id: first, title: 'IRS acceptance letter (CP261)', origin: 'uploaded' }),
    ]);
    expect((await readApplication(app.id))?.sCorpElection).toMatchObject({ effectiveOn: '2026-09-03', letterId: first });
    expect(await storedKeys(`documents/uploads/${app.id}/`)).toEqual([]);
    expect(await storedKeys(`documents/orders/${app.id}/${first}`)).toHaveLength(1);
    // Audited with the order as the actor; the payers are told to give the new W-9.
    expect((await listAudit({ applicationId: app.id })).items.find((e) => e.action === 'document_uploaded')).toMatchObject({ actorId: `order:${app.id}` });
    expect(await getMessage(`w9-update:${app.id}:2026-09-03`)).toMatchObject({ kind: 'w9_update', payload: { payers: ['Glow Skincare'] } });
    // No "your document is ready" email: the customer sent it.
    expect(await getMessage(`deliverable:${app.id}:${first}`)).toBeUndefined();
    // Recording the same upload again changes nothing.
    expect((await record(app.id, first, { effectiveOn: '2026-09-03' })).status).toBe(200);
    expect((await readApplication(app.id))?.documents).toHaveLength(1);

    // A clearer scan: the vault shows it instead of the first.
    const second = await upload(app.id, await letterPdf());
    const again = await record(app.id, second, { effectiveOn: '2026-09-03' });
    expect(again.status).toBe(200);
    expect(again.body.documents.filter((d: { kind: string }) => d.kind === 'cp261_letter').map((d: { id: string }) => d.id)).toEqual([second]);
    expect((await readApplication(app.id))?.sCorpElection?.letterId).toBe(second);
  }, 60_000);

  it('refuses a file that is not a PDF, removes it and records nothing', async () => {
    const app = await paidOrder();
    const html = new TextEncoder().encode('<!doctype html><html><body>not a letter</body></html>');
    const uploadId = await upload(app.id, html);
    const res = await record(app.id, uploadId, { effectiveOn: '2026-09-03' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('not_a_pdf');
    const stored = await readApplication(app.id);
    expect(stored?.documents).toBeUndefined();
    expect(stored?.sCorpElection).toBeUndefined();
    expect(await storedKeys(`documents/uploads/${app.id}/`)).toEqual([]);
    expect(await storedKeys(`documents/orders/${app.id}/`)).toEqual([]);
  }, 60_000);

  it('refuses a file over 10 MB or not a PDF by the schema, before any link', async () => {
    const app = await paidOrder();
    const big = await start(app.id, { contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('at most 10 MB');
    expect((await start(app.id, { contentType: 'image/png', size: 100 })).status).toBe(400);
    expect((await record(app.id, '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b', {})).status).toBe(400);
  }, 60_000);

  it('is refused for an order whose election staff track (the Form 2553 add-on)', async () => {
    const app = await paidOrder({ form2553: true });
    const ticket = await start(app.id, { contentType: 'application/pdf', size: 1000 });
    expect(ticket.status).toBe(409);
    expect(ticket.body.code).toBe('election_tracked_by_staff');
    const res = await record(app.id, '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b', { effectiveOn: '2026-09-03' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('election_tracked_by_staff');
    expect((await readApplication(app.id))?.documents).toBeUndefined();
  }, 60_000);

  it('limits the upload links per order', async () => {
    const app = await paidOrder();
    const asked = [];
    for (let i = 0; i < 11; i++) asked.push((await start(app.id, { contentType: 'application/pdf', size: 1000 })).status);
    expect(asked.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(asked[10]).toBe(429);
  }, 60_000);
});
