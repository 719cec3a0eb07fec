import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { getApplication } from '../../data/applications/store.ts';
import { documentsBucket, s3 } from '../../lib/clients/s3.ts';
import { handler as sunbiz } from './sunbiz.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});

const generate = (id: string) =>
  invoke(sunbiz, apiEvent({ method: 'POST', route: '/api/staff/sunbiz/{id}', path: `/api/staff/sunbiz/${id}`, pathParameters: { id }, headers }));

/** All text drawn on the PDF's pages (pdf-lib writes standard-font text as hex strings). */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents && 'asArray' in contents ? (contents as { asArray(): unknown[] }).asArray().map((r) => doc.context.lookup(r as never)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const raw = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += `${Buffer.from(m[1], 'hex').toString('latin1')}\n`;
      for (const m of raw.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) out += `${m[1]}\n`;
    }
  }
  return out;
}

describe('POST /api/staff/sunbiz/{id}', () => {
  it('builds the Articles of Organization PDF, stores it under applications/{id}/ and returns a 15-minute presigned URL', async () => {
    const app = await putApplication({ status: 'processing', state: 'FL', businessName: 'Sunny Reels LLC', firstName: 'Ana', lastName: 'Diaz' });
    const res = await generate(app.id);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(decodeURIComponent(url.pathname)).toContain(`/applications/${app.id}/`);

    const download = await fetch(res.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Articles of Organization - Sunny Reels LLC');
    const text = await pageText(bytes);
    expect(text).toContain('Sunny Reels LLC');
    expect(text).toContain('Ana Diaz');
    expect(text).toContain('$125');
    expect(text).toMatch(/Registered agent/i);
    expect(text).toMatch(/Effective date/i);

    const stored = await getApplication(app.id);
    expect(stored.sunbizDocumentKey).toMatch(new RegExp(`^applications/${app.id}/.+\\.pdf$`));
    expect(stored.sunbizGeneratedAt).toBeTruthy();
    const object = await s3().send(new GetObjectCommand({ Bucket: documentsBucket(), Key: stored.sunbizDocumentKey }));
    expect(object.ContentType).toBe('application/pdf');
    const activity = await listRecentActivity(5);
    expect(activity[0]).toMatchObject({ action: 'sunbiz_generated', applicationId: app.id });
  });

  it('adds LLC to a name without a designator', async () => {
    const app = await putApplication({ status: 'processing', businessName: 'Glow Studio' });
    const res = await generate(app.id);
    const bytes = new Uint8Array(await (await fetch(res.body.url)).arrayBuffer());
    expect(await pageText(bytes)).toContain('Glow Studio LLC');
  });

  it('produces no document for an unpaid order: 409 with the reason, nothing stored', async () => {
    const app = await putApplication({ status: 'processing', state: 'FL', paymentStatus: 'unpaid', amountPaidCents: undefined });
    const res = await generate(app.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Not paid yet/);
    expect((await getApplication(app.id)).sunbizDocumentKey).toBeUndefined();
  });

  it('refuses a Texas application with 409', async () => {
    const app = await putApplication({ status: 'processing', state: 'TX' });
    const res = await generate(app.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Sunbiz filing is for Florida LLCs; this application files in TX', code: 'sunbiz_not_applicable' });
    expect((await getApplication(app.id)).sunbizDocumentKey).toBeUndefined();
  });

  it('404s an unknown application', async () => {
    expect((await generate(randomUUID())).status).toBe(404);
    expect((await generate('does-not-exist')).status).toBe(400);
  });
});
