import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLink, orderDocumentKey, uploadKey, uploadLink } from '../../functions/documents/order/storage.ts';
import { documentsBucket, s3 } from '../../functions/lib/clients/s3.ts';
import { resetConfigForTests } from '../../functions/lib/config.ts';
import { checkDocumentRequest, DOCUMENTS_PATH_PREFIX, proxyDocumentRequest } from './documents-proxy.ts';

/**
 * Document links through the site's `/documents/` path (the local twin of CloudFront's
 * behaviour): the store still checks the link, and whatever an object holds it reaches the
 * browser as a PDF attachment with nosniff, never as a page.
 */
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if ((req.url ?? '').startsWith(DOCUMENTS_PATH_PREFIX)) proxyDocumentRequest(req, res, process.env.S3_ENDPOINT as string, documentsBucket());
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DOCUMENT_LINKS_ORIGIN = origin;
  resetConfigForTests();
});
afterAll(async () => {
  delete process.env.DOCUMENT_LINKS_ORIGIN;
  resetConfigForTests();
  await new Promise((r) => server.close(r));
});

async function putRaw(key: string, body: string, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: documentsBucket(), Key: key, Body: body, ContentType: contentType }));
}

describe('document links through /documents/', () => {
  it('point at the site, not the store', async () => {
    const link = await downloadLink(orderDocumentKey(randomUUID(), randomUUID()), 'a.pdf');
    expect(link.url.startsWith(`${origin}/documents/orders/`)).toBe(true);
    expect(link.url).not.toContain(documentsBucket());
  });

  it('never serve an object as HTML: an HTML body comes back as a PDF attachment, with nosniff', async () => {
    const key = orderDocumentKey(randomUUID(), randomUUID());
    await putRaw(key, '<!doctype html><script>alert(document.cookie)</script>', 'text/html');
    const res = await fetch((await downloadLink(key, 'evidence.pdf')).url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="evidence.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('carry an upload to the store, and the store still refuses an expired link', async () => {
    const applicationId = randomUUID();
    const key = uploadKey(applicationId, randomUUID());
    const body = '%PDF-1.7 test';
    const up = await uploadLink(key, body.length);
    expect(up.url.startsWith(`${origin}/documents/uploads/${applicationId}/`)).toBe(true);
    const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body });
    expect(put.status).toBe(200);
    expect(await (await fetch((await downloadLink(key, 'upload.pdf', 3600)).url)).text()).toBe('%PDF-1.7 test');
    // A link of one second, asked again until the store stops serving it (however slow the machine).
    const link = await downloadLink(key, 'upload.pdf', 1);
    let expired = await fetch(link.url);
    while (expired.status === 200) {
      await new Promise((r) => setTimeout(r, 100));
      expired = await fetch(link.url);
    }
    expect(expired.status).toBe(403);
    expect(expired.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** One raw HTTP request: the path goes out exactly as written (fetch would resolve `..` itself). */
function raw(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the /documents/ path serves only what a signed, unexpired link names', () => {
  it('refuses to read, overwrite or delete a document without its link, and a tampered or wrong-method link', async () => {
    const key = orderDocumentKey(randomUUID(), randomUUID());
    await putRaw(key, '%PDF-1.7 the customer', 'application/pdf');
    const path = `/${key}`;
    expect((await raw('GET', path)).status).toBe(403);
    expect((await raw('HEAD', path)).status).toBe(403);
    expect((await raw('PUT', path, '%PDF-1.7 overwritten', { 'content-type': 'application/pdf' })).status).toBe(403);
    expect((await raw('DELETE', path)).status).toBe(405);
    expect((await raw('POST', path, 'x')).status).toBe(405);
    const link = new URL((await downloadLink(key, 'a.pdf', 3600)).url);
    const signed = `${link.pathname}${link.search}`;
    // The read link reads, and does nothing else.
    expect((await raw('GET', signed)).text).toBe('%PDF-1.7 the customer');
    expect((await raw('DELETE', signed)).status).toBe(405);
    expect((await raw('PUT', signed, '%PDF-1.7 overwritten', { 'content-type': 'application/pdf' })).status).toBe(403);
    const tampered = new URL(link);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await raw('GET', `${tampered.pathname}${tampered.search}`)).status).toBe(403);
    // Another document under the same signature.
    expect((await raw('GET', `${link.pathname.replace(/[^/]+\.pdf$/, `${randomUUID()}.pdf`)}${link.search}`)).status).toBe(403);
    const stale = new URL(link);
    stale.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await raw('GET', `${stale.pathname}${stale.search}`)).status).toBe(403);
    // Still the customer's document.
    expect((await raw('GET', signed)).text).toBe('%PDF-1.7 the customer');
  });

  it('refuses `..` and `.` segments, encoded or not, before anything reaches the store', async () => {
    const up = new URL((await uploadLink(uploadKey(randomUUID(), randomUUID()), 100)).url);
    for (const path of [
      `/documents/../../outside.pdf${up.search}`,
      `/documents/uploads/%2e%2e/%2E%2E/outside.pdf${up.search}`,
      `/documents/uploads/..%2f..%2foutside.pdf${up.search}`,
      `/documents/./uploads/x.pdf${up.search}`,
      `/documents/uploads/..\\..\\outside.pdf${up.search}`,
    ]) {
      const res = await raw('PUT', path, '%PDF-1.7 escaped', { 'content-type': 'application/pdf' });
      expect(res.status, path).toBe(400);
    }
    expect(checkDocumentRequest({ method: 'GET', url: `/documents/%E0%A4%A.pdf${up.search}`, headers: {} }, documentsBucket(), 'store').ok).toBe(false);
  });
});
