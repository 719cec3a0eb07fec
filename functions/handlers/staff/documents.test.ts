import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../../tests/documents/pdf-text.ts';
import { EIN_DETAILS, PLACES } from '../../../tests/documents/test-fixtures.ts';
import { OUR_AGENT_NAME, putOperatorAgentOffices, putPaidOrder, storedKeys } from '../../../tests/fakes/documents.ts';
import { putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { listAudit } from '../../data/audit.ts';
import { setFontDirectory } from '../../documents/fonts.ts';
import { addressLine } from '../../documents/format.ts';
import { documentsBucket, s3 } from '../../lib/clients/s3.ts';
import { handler as getOrder } from '../orders/get.ts';
import { handler as documentLink } from './document-link.ts';
import { handler as listDocuments } from './documents.ts';
import { handler as generateDocuments } from './documents-generate.ts';
import { handler as updateApplication } from './update-application.ts';

/**
 * The order's documents from the staff side (docs/product.md section 10, "Documents"):
 * generated at Start Processing for a paid order with complete details, regenerated as new
 * versions, never for an unpaid order, and read back as text the way `pdftotext` would.
 */

let headers: Record<string, string>;
let staffEmail: string;
beforeAll(async () => {
  // A person of the staff role (not an owner): documents are everyday staff work.
  const staff = await signedInPerson({ role: 'processor' });
  headers = staff.headers;
  staffEmail = staff.person.email;
  await putOperatorAgentOffices();
});

const path = (id: string, rest = '') => ({ path: `/api/staff/applications/${id}${rest}`, pathParameters: { id } });
const startProcessing = (id: string) => invoke(updateApplication, staffUpdateEvent(id, { status: 'processing' }, headers));
const list = (id: string) =>
  invoke(listDocuments, apiEvent({ method: 'GET', route: '/api/staff/applications/{id}/documents', ...path(id, '/documents'), headers }));
const generate = (id: string) =>
  invoke(generateDocuments, apiEvent({ method: 'POST', route: '/api/staff/applications/{id}/documents', ...path(id, '/documents'), headers }));
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

async function storedBytes(key: string): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: documentsBucket(), Key: key }));
  return out.Body!.transformToByteArray();
}

/** The text of the order's newest document of a kind, read from the bucket. */
async function textOf(id: string, kind: string): Promise<string> {
  const docs = (await getApplication(id)).documents ?? [];
  const doc = docs.filter((d) => d.kind === kind).at(-1);
  if (!doc) throw new Error(`no ${kind} document`);
  return pdfFlatText(await storedBytes(doc.key));
}

describe('Start Processing generates the documents that were sold', () => {
  it('stores the packet, the operating agreement, the EIN worksheet and the customer’s EIN summary, each its own object, and lists them', async () => {
    const app = await putPaidOrder('FL', { operatingAgreement: true, feinFiling: true, details: { ein: EIN_DETAILS } });
    const res = await startProcessing(app.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');

    const stored = await getApplication(app.id);
    expect(stored.status).toBe('processing');
    expect(stored.documents?.map((d) => [d.kind, d.version, d.origin])).toEqual([
      ['cover_sheet', 1, 'generated'],
      ['formation', 1, 'generated'],
      ['operating_agreement', 1, 'generated'],
      ['ein_worksheet', 1, 'generated'],
      ['ein_summary', 1, 'generated'],
    ]);
    expect(res.body.version).toBe(stored.version);
    expect(await storedKeys(`documents/orders/${app.id}/`)).toEqual(stored.documents?.map((d) => d.key).sort());
    for (const doc of stored.documents ?? []) {
      const object = await s3().send(new GetObjectCommand({ Bucket: documentsBucket(), Key: doc.key }));
      expect(object.ContentType).toBe('application/pdf');
      expect(object.ContentDisposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
      expect(object.ContentLength).toBe(doc.size);
    }
    expect(stored.documents?.map((d) => d.createdBy)).toEqual(Array(5).fill(staffEmail));

    const listed = await list(app.id);
    expect(listed.status).toBe(200);
    expect(listed.body.missing).toEqual([]);
    expect(listed.body.documents).toHaveLength(5);
    expect((await listRecentActivity(20)).some((a) => a.applicationId === app.id && a.action === 'documents_generated')).toBe(true);
    const audit = await listAudit({ applicationId: app.id });
    expect(audit.items.map((e) => [e.action, e.actorEmail])).toContainEqual(['document_generated', staffEmail]);

    const ein = await textOf(app.id, 'ein_worksheet');
    expect(ein).toContain('***-**-6789');
    // The customer's vault: the plain-language summary, never the staff worksheet (nor the cover sheet).
    const vault = await invoke(getOrder, apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${app.id}`, pathParameters: { id: app.id } }));
    expect(vault.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['ein_summary', 'formation', 'operating_agreement', 'receipt']);
    const agreement = await textOf(app.id, 'operating_agreement');
    for (const member of ['Jordan Rivera', 'Sam Okafor']) expect(agreement).toContain(member);
    expect(agreement).toMatch(/60(\.0+)?%/);
    expect(agreement).toMatch(/40(\.0+)?%/);
  });

  it.each(['FL', 'NY'])('%s: the formation document reads back with the name, office, agent and organizer as entered', async (code) => {
    const app = await putPaidOrder(code, { businessName: `Café Zoë Ünlü ${code} LLC` });
    expect((await startProcessing(app.id)).status).toBe(200);
    const details = (await getApplication(app.id)).filingDetails!;
    const formation = await textOf(app.id, 'formation');
    expect(formation).toContain(`Café Zoë Ünlü ${code} LLC`);
    expect(formation).toContain(addressLine(details.principalOffice));
    expect(formation).toContain(OUR_AGENT_NAME);
    expect(formation).toContain(PLACES[code].agentStreet);
    expect(formation).toContain(details.organizer.name);
    expect(formation).not.toContain('?');

    const cover = await textOf(app.id, 'cover_sheet');
    expect(cover).toMatch(code === 'FL' ? /Division of Corporations/ : /Department of State/);
    expect(cover).toMatch(/\$\d+/);
    if (code === 'NY') expect(cover).toMatch(/publication/i);
  });

  it('gives a worksheet, clearly labelled, where we hold no form (Ohio)', async () => {
    const app = await putPaidOrder('OH');
    expect((await startProcessing(app.id)).status).toBe(200);
    expect((await getApplication(app.id)).documents?.map((d) => d.kind)).toEqual(['cover_sheet', 'formation_worksheet']);
    expect(await textOf(app.id, 'formation_worksheet')).toMatch(/not an official form/i);
  });
});

describe('regenerating', () => {
  it('adds new versions under new keys and keeps every earlier one', async () => {
    const app = await putPaidOrder('TX', { operatingAgreement: true });
    await startProcessing(app.id);
    const first = (await getApplication(app.id)).documents ?? [];
    const res = await generate(app.id);
    expect(res.status).toBe(200);
    const all = (await getApplication(app.id)).documents ?? [];
    expect(all).toHaveLength(first.length * 2);
    expect(all.filter((d) => d.version === 2).map((d) => d.kind)).toEqual(first.map((d) => d.kind));
    expect(new Set(all.map((d) => d.key)).size).toBe(all.length);
    expect(await storedKeys(`documents/orders/${app.id}/`)).toHaveLength(all.length);
    for (const d of first) expect(all).toContainEqual(d);
    // Newest first in the staff list.
    expect(res.body.documents[0].version).toBe(2);

    // Each version downloads through its own short-lived link.
    const old = await link(app.id, first[1].id);
    expect(old.status).toBe(200);
    expect(new URL(old.body.url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect((await fetch(old.body.url)).headers.get('content-type')).toBe('application/pdf');
    expect((await link(app.id, randomUUID())).status).toBe(404);
  });

  it('is refused before processing and without complete details', async () => {
    const submitted = await putPaidOrder('FL');
    expect((await generate(submitted.id)).body).toMatchObject({ code: 'documents_unavailable' });
    const noDetails = await putPaidOrder('FL', { status: 'processing', detailsCompletedAt: undefined, filingDetails: undefined });
    expect((await generate(noDetails.id)).body).toMatchObject({ code: 'documents_unavailable' });
    expect((await getApplication(noDetails.id)).documents).toBeUndefined();
  });
});

describe('an unpaid order', () => {
  it.each(['unpaid', 'pending', 'refunded', 'needs_review'])('(%s) gets no document, by any route', async (paymentStatus) => {
    const app = await putPaidOrder('FL', { paymentStatus, status: 'processing' });
    const res = await generate(app.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order_not_paid');
    const submitted = await putPaidOrder('FL', { paymentStatus });
    expect((await startProcessing(submitted.id)).status).toBe(409);
    for (const id of [app.id, submitted.id]) {
      expect((await getApplication(id)).documents).toBeUndefined();
      expect(await storedKeys(`documents/orders/${id}/`)).toEqual([]);
      expect((await list(id)).body).toMatchObject({ documents: [], missing: [], generateBlocker: expect.stringMatching(/Not paid yet/) });
    }
  });
});

describe('a generation failure after the move', () => {
  it('keeps the move, says what is missing, and Generate makes them', async () => {
    const app = await putPaidOrder('WY', { operatingAgreement: true });
    setFontDirectory('/nonexistent-fonts');
    try {
      const res = await startProcessing(app.id);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('processing');
    } finally {
      setFontDirectory(new URL('../../documents/fonts/', import.meta.url).pathname);
    }
    expect((await getApplication(app.id)).status).toBe('processing');
    expect((await getApplication(app.id)).documents).toBeUndefined();
    expect((await list(app.id)).body.missing).toEqual(['cover_sheet', 'formation', 'operating_agreement']);
    expect((await listRecentActivity(20)).some((a) => a.applicationId === app.id && a.action === 'documents_not_generated')).toBe(true);

    const made = await generate(app.id);
    expect(made.status).toBe(200);
    expect(made.body.missing).toEqual([]);
    expect(made.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['cover_sheet', 'formation', 'operating_agreement']);
  });

  it('our agent chosen where the operator has no office: nothing is stored, staff are told what to fix, and Mark Filed waits', async () => {
    await putOperatorAgentOffices(['FL']);
    try {
      const app = await putPaidOrder('FL');
      expect((await startProcessing(app.id)).status).toBe(200);
      expect((await getApplication(app.id)).documents ?? []).toEqual([]);
      expect(await storedKeys(`documents/orders/${app.id}/`)).toEqual([]);
      const entry = (await listRecentActivity(10)).find((a) => a.applicationId === app.id && a.action === 'documents_not_generated');
      expect(entry?.description).toMatch(/^Documents were not generated: Registered agent/);
      const again = await generate(app.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('documents_incomplete');
      expect(again.body.error).toMatch(/^The documents were not generated, so no customer sees a gap in them\. Fix first: /);
      // The reasons are structured, not read from a text prefix, and kept on the order for the staff panel.
      const agentBlocker = { code: 'our_agent_not_configured', field: expect.stringMatching(/registered agent/i), reason: expect.stringContaining('Florida') };
      expect(again.body.blockers).toEqual([agentBlocker]);
      expect((await list(app.id)).body.problem).toEqual({ at: expect.any(String), blockers: [agentBlocker] });
      const filed = await invoke(
        updateApplication,
        staffUpdateEvent(app.id, { status: 'filed', fileNumber: 'L26000123456', filedOn: new Date().toISOString().slice(0, 10) }, headers),
      );
      expect(filed.status).toBe(409);
      expect(filed.body.error).toContain('The documents could not be generated: Registered agent');
      // With the office configured, Generate makes them, and the problem is settled.
      await putOperatorAgentOffices();
      expect((await generate(app.id)).status).toBe(200);
      expect((await list(app.id)).body.problem).toBeUndefined();
      expect((await getApplication(app.id)).documentsProblem).toBeUndefined();
      expect(await textOf(app.id, 'formation')).not.toContain('[Missing');
    } finally {
      await putOperatorAgentOffices();
    }
  });

  it('Start Processing of an order with documents already (a retried move) adds none', async () => {
    const app = await putApplication({ status: 'submitted', state: 'FL', operatingAgreement: false });
    await startProcessing(app.id);
    const before = (await getApplication(app.id)).documents ?? [];
    expect(before.length).toBeGreaterThan(0);
    const { documentsAfter } = await import('../../documents/order/generate.ts');
    expect(await documentsAfter(app.id, { id: 'x', email: 'staff@example.com' }, 'Start Processing')).toBeUndefined();
    expect((await getApplication(app.id)).documents).toEqual(before);
  });
});
