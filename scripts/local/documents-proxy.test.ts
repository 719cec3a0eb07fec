import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsBucket, s3 } from '../../functions/lib/clients/s3.ts';
import { resetConfigForTests } from '../../functions/lib/config.ts';
import { downloadLink, orderDocumentKey, uploadKey, uploadLink } from '../../functions/order-documents/storage.ts';
import { DOCUMENTS_PATH_PREFIX, proxyDocumentRequest } from './documents-proxy.ts';

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
    const up = await uploadLink(key);
    expect(up.url.startsWith(`${origin}/documents/uploads/${applicationId}/`)).toBe(true);
    const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: '%PDF-1.7 test' });
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
