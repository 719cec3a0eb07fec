import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static.ts';

/** The local server answers a script or stylesheet with its Brotli copy where CloudFront would. */
let dir: string;
let server: Server;
const script = `export const app = ${JSON.stringify('hydrate the order page '.repeat(100))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'creator-llc-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>home</title><div id="root"><p>home</p></div>');
  writeFileSync(join(dir, 'app.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>not found</title>');
  writeFileSync(join(dir, 'assets', 'app-abc.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'old-abc.js'), script);
  server = createServer((req, res) => serveStatic(dir, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveStatic', () => {
  it("answers a browser that accepts Brotli with the script's copy, as a script", async () => {
    const res = await get('/assets/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('gzips the script for a browser that refuses Brotli, and sends it plain to one that takes neither', async () => {
    for (const header of ['gzip, deflate', 'gzip, br;q=0']) {
      const res = await get('/assets/app-abc.js', header);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(script);
    }
    const plain = await get('/assets/app-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('gzips a script that has no Brotli copy (a build from before the copies) and every page', async () => {
    const old = await get('/assets/old-abc.js', 'gzip, br');
    expect(old.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(old.body).toString()).toBe(script);
    const page = await get('/', 'gzip, br');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<p>home</p>');
  });
});
