import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../functions/lib/config.ts';
import { type ArticlesData, buildArticlesPdf } from '../functions/sunbiz/articles-of-organization.ts';
import { type StripeFake, startStripeFake } from '../tests/fakes/stripe.ts';
import { cdkBundling, esbuildOptions, handlerEntry, REPO_ROOT } from './lambda-bundle.ts';

/**
 * The Lambda bundles replace parts of three libraries (infra/lambda-bundle.ts): Stripe's unused
 * resources, pdf-lib built from its sources with pako done by Node's zlib, PNG decoding and
 * the unused standard fonts. These tests run the bundled code itself, as deployed.
 */
const dir = mkdtempSync(join(REPO_ROOT, '.bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(name: string, entry: string): Promise<Record<string, unknown>> {
  const outfile = join(dir, `${name}.mjs`);
  await build(esbuildOptions(entry, outfile));
  return import(pathToFileURL(outfile).href);
}

const ARTICLES: ArticlesData = {
  llcName: 'Sunny Reels LLC',
  principalAddress: '1 Ocean Dr, Miami, FL 33139',
  mailingAddress: '1 Ocean Dr, Miami, FL 33139',
  registeredAgent: { name: 'Registered Agents Inc.', address: '7901 4th St N, St. Petersburg, FL 33702' },
  authorizedPerson: { name: 'Ana Diaz', title: 'Authorized Member', email: 'ana@example.com', phone: '+1 305 555 0100' },
  effectiveDate: 'Upon filing',
  filingFeeUsd: 125,
  applicationId: 'app_123',
  preparedAt: '2026-11-22',
};

/** Every indirect object of a PDF, streams decoded (compressed bytes may differ between deflaters). */
async function objects(bytes: Uint8Array): Promise<Map<string, string>> {
  const doc = await PDFDocument.load(bytes);
  const out = new Map<string, string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream) {
      if (obj.dict.get(PDFName.of('Type'))?.toString() === '/XRef') continue; // byte offsets
      out.set(ref.toString(), Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1'));
    } else out.set(ref.toString(), obj.toString());
  }
  return out;
}

describe('bundled pdf-lib (from source, zlib, two standard fonts)', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the same Sunbiz document as the published pdf-lib build', async () => {
    const bundled = await bundle('articles', join(REPO_ROOT, 'functions/sunbiz/articles-of-organization.ts'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const fromBundle = await (bundled.buildArticlesPdf as typeof buildArticlesPdf)(ARTICLES);
    const fromPackage = await buildArticlesPdf(ARTICLES);
    const [a, b] = [await objects(fromBundle), await objects(fromPackage)];
    expect(a.size).toBeGreaterThan(5);
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect([...a.values()].join('\n')).toContain('/BaseFont /Helvetica-Bold');
  });

  it('fails loudly for what it leaves out: other standard fonts and PNG images', async () => {
    const entry = join(dir, 'embed.ts');
    writeFileSync(
      entry,
      `import { PDFDocument } from 'pdf-lib';
export async function embedFont(name: string) { const d = await PDFDocument.create(); await d.embedFont(name); return d.save(); }
export async function embedPng(bytes: Uint8Array) { const d = await PDFDocument.create(); await d.embedPng(bytes); return d.save(); }`,
    );
    const m = (await bundle('embed', entry)) as { embedFont(n: string): Promise<Uint8Array>; embedPng(b: Uint8Array): Promise<Uint8Array> };
    expect((await m.embedFont('Helvetica')).length).toBeGreaterThan(500);
    await expect(m.embedFont('Times-Roman')).rejects.toThrow(/standard font left out of this bundle/);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await expect(m.embedPng(png)).rejects.toThrow(/PNG embedding is not bundled/);
  });
});

describe('bundled Stripe client (three resources)', () => {
  let stripe: StripeFake;
  const saved = { ...process.env };
  beforeAll(async () => {
    stripe = await startStripeFake();
    Object.assign(process.env, { DEPLOYMENT: 'local', PAYMENT_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_bundle', STRIPE_API_BASE: stripe.url });
    resetConfigForTests();
  });
  afterAll(async () => {
    for (const k of ['PAYMENT_MODE', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'DEPLOYMENT']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    resetConfigForTests();
    await stripe.close();
  });

  it('calls the kept resources through the SDK and refuses the others with a clear error', async () => {
    const m = (await bundle('stripe', join(REPO_ROOT, 'functions/payments/stripe.ts'))) as {
      stripeClient(): Promise<Record<string, Record<string, (...a: unknown[]) => Promise<{ id: string }>>>>;
    };
    const client = await m.stripeClient();
    const intent = await client.paymentIntents.create({ amount: 27500, currency: 'usd', metadata: { applicationId: 'app_1' } });
    expect(intent.id).toMatch(/^pi_/);
    expect((await client.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_intents', `GET /v1/payment_intents/${intent.id}`]);
    expect(typeof client.tokens.create).toBe('function');
    expect(typeof client.paymentMethods.create).toBe('function');
    expect(() => client.customers.create).toThrow(/left out of the bundle: add it to STRIPE_RESOURCES/);
  });
});

describe('deployed bundles', () => {
  it("NodejsFunction's afterBundling hook rebuilds the function with the plugins", async () => {
    const entry = handlerEntry('payments/stripe-webhook');
    const outputDir = join(dir, 'asset');
    mkdirSync(outputDir);
    const hooks = cdkBundling(entry).commandHooks;
    const commands = hooks?.afterBundling(REPO_ROOT, outputDir) ?? [];
    expect(commands).toHaveLength(1);
    execSync(commands[0], { cwd: REPO_ROOT, stdio: 'pipe' });
    const deployed = readFileSync(join(outputDir, 'index.mjs'), 'utf8');
    expect(deployed).toContain('left out of the bundle: add it to STRIPE_RESOURCES');
    expect(statSync(join(outputDir, 'index.mjs')).size).toBeLessThan(300 * 1024);
    await build(esbuildOptions(entry, join(dir, 'direct.mjs')));
    expect(deployed).toBe(readFileSync(join(dir, 'direct.mjs'), 'utf8'));
  }, 60_000);
});
