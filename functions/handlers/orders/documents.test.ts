import { createHash, randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { putOperatorAgentOffices, putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { downloadLink, uploadKey } from '../../documents/order/storage.ts';
import { recordUpload } from '../../documents/order/uploads.ts';
import { documentsBucket, s3 } from '../../lib/clients/s3.ts';
import { handler as generateDocuments } from '../staff/documents-generate.ts';
import { handler as updateApplication } from '../staff/update-application.ts';
import { handler as documentLink } from './document-link.ts';
import { handler as getOrder } from './get.ts';

/**
 * The customer's vault (docs/product.md section 10, "Documents"): the order page lists the
 * order's documents, and a download link is issued only to the order's holder, for 5 minutes,
 * after which the store refuses it.
 */

let staff: Record<string, string>;
beforeAll(async () => {
  staff = (await signedInPerson({ role: 'processor' })).headers;
  await putOperatorAgentOffices();
});

const vaultLink = (id: string, documentId: string, resumeSecret?: string | null) =>
  invoke(
    documentLink,
    apiEvent({
      method: 'GET',
      route: '/api/orders/{id}/documents/{documentId}',
      path: `/api/orders/${id}/documents/${documentId}`,
      pathParameters: { id, documentId },
      ...(resumeSecret !== undefined ? { resumeSecret } : {}),
    }),
  );
const orderPage = (id: string) => invoke(getOrder, apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${id}`, pathParameters: { id } }));

/** A paid order moved to processing by staff: its documents are generated. */
async function processedOrder(over: Record<string, unknown> = {}) {
  const app = await putPaidOrder('FL', { operatingAgreement: true, ...over });
  const res = await invoke(updateApplication, staffUpdateEvent(app.id, { status: 'processing' }, staff));
  expect(res.status).toBe(200);
  return getApplication(app.id);
}

describe('the vault on the order page', () => {
  it('lists the newest version of each document, never the staff cover sheet', async () => {
    const app = await processedOrder();
    await invoke(
      generateDocuments,
      apiEvent({
        method: 'POST',
        route: '/api/staff/applications/{id}/documents',
        path: `/api/staff/applications/${app.id}/documents`,
        pathParameters: { id: app.id },
        headers: staff,
      }),
    );
    const all = (await getApplication(app.id)).documents ?? [];
    const page = await orderPage(app.id);
    expect(page.status).toBe(200);
    const listed = page.body.documents as { id: string; kind: string; origin: string }[];
    // The payment's receipt comes after the order's own documents (./receipts.test.ts).
    expect(listed.map((d) => d.kind).sort()).toEqual(['formation', 'operating_agreement', 'receipt']);
    expect(
      listed
        .filter((d) => d.kind !== 'receipt')
        .map((d) => d.id)
        .sort(),
    ).toEqual(
      all
        .filter((d) => d.version === 2 && d.kind !== 'cover_sheet')
        .map((d) => d.id)
        .sort(),
    );
    expect(listed.every((d) => d.origin === 'generated')).toBe(true);
  });

  it('shows the uploaded approved document, and which of our versions was filed, even when it is not the newest', async () => {
    const app = await processedOrder();
    const filed = app.documents!.find((d) => d.kind === 'formation')!;
    await invoke(
      generateDocuments,
      apiEvent({
        method: 'POST',
        route: '/api/staff/applications/{id}/documents',
        path: `/api/staff/applications/${app.id}/documents`,
        pathParameters: { id: app.id },
        headers: staff,
      }),
    );
    const uploadId = randomUUID();
    await s3().send(
      new PutObjectCommand({ Bucket: documentsBucket(), Key: uploadKey(app.id, uploadId), Body: '%PDF-1.7 stamped', ContentType: 'application/pdf' }),
    );
    await recordUpload(app.id, uploadId, { kind: 'approved_articles', fileNumber: 'L26000999999', filedDocumentId: filed.id });
    const listed = (await orderPage(app.id)).body.documents as { id: string; kind: string; filed?: boolean; origin: string }[];
    expect(listed.map((d) => [d.kind, d.origin, d.filed ?? false])).toEqual([
      ['approved_articles', 'uploaded', false],
      ['formation', 'generated', false],
      ['operating_agreement', 'generated', false],
      ['formation', 'generated', true],
      ['receipt', 'generated', false],
    ]);
    expect(listed.find((d) => d.filed)?.id).toBe(filed.id);
    expect((await vaultLink(app.id, uploadId)).status).toBe(200);
  });
});

describe('GET /api/orders/{id}/documents/{documentId}', () => {
  it('gives the holder a 5-minute link that downloads the PDF as an attachment', async () => {
    const app = await processedOrder();
    const formation = app.documents!.find((d) => d.kind === 'formation')!;
    const res = await vaultLink(app.id, formation.id);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(290_000);
    const download = await fetch(res.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="fl-[a-z0-9-]+\.pdf"$/);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("refuses another order's holder, a missing secret, and the staff cover sheet: 404", async () => {
    const other = 'another-order-secret-0123456789abcdef';
    const theirs = await processedOrder({ resumeSecretHash: createHash('sha256').update(other).digest('hex') });
    const mine = await processedOrder();
    const theirFormation = theirs.documents!.find((d) => d.kind === 'formation')!;
    // The holder of `mine` (the fixtures' secret) asks for a document of `theirs`, by either id.
    const byTheirId = await vaultLink(theirs.id, theirFormation.id);
    expect(byTheirId.status).toBe(404);
    expect(byTheirId.body.code).toBe('application_not_found');
    const byMyId = await vaultLink(mine.id, theirFormation.id);
    expect(byMyId.status).toBe(404);
    expect(byMyId.body.code).toBe('document_not_found');
    expect((await vaultLink(theirs.id, theirFormation.id, null)).status).toBe(404);
    expect((await vaultLink(theirs.id, theirFormation.id, other)).status).toBe(200);
    const cover = mine.documents!.find((d) => d.kind === 'cover_sheet')!;
    expect((await vaultLink(mine.id, cover.id)).status).toBe(404);
    expect((await vaultLink(mine.id, 'not-an-id')).status).toBe(400);
  });

  it('is refused by the store once expired', async () => {
    const app = await processedOrder();
    const formation = app.documents!.find((d) => d.kind === 'formation')!;
    expect((await fetch((await downloadLink(formation.key, formation.fileName, 3600)).url)).status).toBe(200);
    // A link of one second, asked again until the store stops serving it (however slow the
    // machine): the refusal says it expired.
    const short = await downloadLink(formation.key, formation.fileName, 1);
    let expired = await fetch(short.url);
    while (expired.status === 200) {
      await new Promise((r) => setTimeout(r, 100));
      expired = await fetch(short.url);
    }
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/Request has expired/);
  });
});
