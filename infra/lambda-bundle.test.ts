import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { Construct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { ROUTES, routeKey } from '../functions/routes.ts';
import { TABLE_KEYS, TABLES } from '../functions/tables.ts';
import {
  BUNDLE_TRANSFORMS,
  buildFunction,
  buildFunctions,
  type FunctionBuild,
  functionCodeDir,
  functionSources,
  jobFunctionName,
  REPO_ROOT,
  routeFunctionName,
  SITE_PUBLISHER_FUNCTION,
} from './lambda-bundle.ts';
import { synthProduct } from './test-support.ts';

/**
 * The one build of the deployed code (infra/lambda-bundle.ts, run by `npm run build:functions`):
 * every function's folder works with nothing but Node (the AWS SDK is bundled), what it reads on
 * first use is not loaded at start, the kept stand-ins fail loudly, and the stack deploys each
 * folder as it is.
 */
// Outside the repository, so that no node_modules folder can resolve a package the build left out.
const outside = mkdtempSync(join(tmpdir(), 'creator-llc-functions-'));
let builds: FunctionBuild[] = [];
beforeAll(async () => {
  builds = await buildFunctions(join(outside, 'build'));
}, 600_000);
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const deployedEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  DEPLOYMENT: 'aws',
  PAYMENT_MODE: 'live',
  DOCUMENTS_BUCKET: 'documents',
  ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, `table-${k}`])),
};

/** Imports files in a fresh Node process; returns the failures. */
function importEach(files: string[], cwd: string): string[] {
  const probe = `const failures = [];
for (const f of process.argv.slice(1)) {
  try { const m = await import(f); if (f.endsWith('index.mjs') && typeof m.handler !== 'function') failures.push(f + ': no handler'); }
  catch (e) { failures.push(f + ': ' + String(e.message).split('\\n')[0]); }
}
console.log(JSON.stringify(failures));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe, ...files], { cwd, env: deployedEnv, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

describe('functions build', () => {
  it('builds one folder per function the stacks deploy', () => {
    const expected = [
      ...new Set([...ROUTES.map((r) => routeFunctionName(r.handler)), routeFunctionName('fallback')]),
      ...new Set(Object.values(JOBS).map((j) => jobFunctionName(j.handler))),
      SITE_PUBLISHER_FUNCTION,
    ].sort();
    expect(builds.map((b) => b.name)).toEqual(expected);
    for (const b of builds) expect(existsSync(join(b.dir, 'index.mjs')), b.name).toBe(true);
  });

  it('every file of every folder loads with nothing but Node: no package is left for the runtime to provide', () => {
    const files = builds.flatMap((b) =>
      readdirSync(b.dir)
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => join(b.dir, f)),
    );
    expect(files.length).toBeGreaterThan(builds.length);
    for (const f of files) expect(readFileSync(f, 'utf8'), relative(outside, f)).not.toMatch(/from\s*"@aws-sdk\//);
    expect(importEach(files, outside)).toEqual([]);
  }, 300_000);

  it('loads the Secrets Manager, KMS and SES clients on first use only, never at start', () => {
    for (const b of builds) {
      expect(b.sdk.atLoad, b.name).not.toContain('secrets-manager');
      expect(b.sdk.atLoad, b.name).not.toContain('kms');
      expect(b.sdk.atLoad, b.name).not.toContain('sesv2');
    }
    const staffSession = builds.find((b) => b.name === routeFunctionName('staff/dashboard'));
    expect(staffSession?.sdk.atLoad).toContain('dynamodb');
    expect(builds.find((b) => b.name === routeFunctionName('states/list'))?.sdk.atLoad).toEqual([]);
    expect(builds.find((b) => b.name === routeFunctionName('orders/save-details'))?.sdk.onFirstUse).toContain('kms');
  });

  it('ships an asset folder only with the functions whose code reads it', () => {
    for (const b of builds) expect(existsSync(join(b.dir, 'fonts')), b.name).toBe(b.assets.includes('documents-fonts'));
    expect(builds.filter((b) => b.assets.includes('documents-fonts')).length).toBeGreaterThan(0);
  });

  it('builds the same bytes from the same sources (CDK deploys a function again only when its code changed)', async () => {
    const source = functionSources().find((s) => s.name === routeFunctionName('content/update'));
    const again = await buildFunction(source!, join(outside, 'again'));
    const first = builds.find((b) => b.name === source?.name) as FunctionBuild;
    const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    expect(files(again.dir)).toEqual(files(first.dir));
  }, 120_000);
});

describe('kept replacements do what the library did, or fail loudly where it would have run', () => {
  const dir = mkdtempSync(join(outside, 'stand-ins-'));

  /** Builds `source` (written in the repository, where its packages resolve) into a folder outside it and imports that. */
  async function bundled<T>(name: string, source: string): Promise<T> {
    const sources = mkdtempSync(join(REPO_ROOT, '.bundle-test-'));
    try {
      const entry = join(sources, `${name}.ts`);
      writeFileSync(entry, source);
      const b = await buildFunction({ name, entry }, join(dir, name));
      return (await import(pathToFileURL(join(b.dir, 'index.mjs')).href)) as T;
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  }

  it('pako: deflate and inflate by Node zlib, in the zlib format pdf-lib reads and writes', async () => {
    const m = await bundled<{ roundTrip(s: string): string; pdf(): Promise<number> }>(
      'pdf',
      `import { PDFDocument } from 'pdf-lib';
import pako from 'pako';
export function roundTrip(s: string) { return new TextDecoder().decode(pako.inflate(pako.deflate(new TextEncoder().encode(s)))); }
export async function pdf() { const d = await PDFDocument.create(); d.addPage(); const bytes = await d.save(); return (await PDFDocument.load(bytes)).getPageCount(); }
export const handler = async () => 'pdf';`,
    );
    expect(m.roundTrip('Café Zoë')).toBe('Café Zoë');
    expect(await m.pdf()).toBe(1);
  }, 120_000);

  it('sanitize-html without postcss: a style attribute is dropped, not parsed', async () => {
    const m = await bundled<{ clean(html: string): string }>(
      'sanitize',
      `import sanitizeHtml from 'sanitize-html';
export function clean(html: string) { return sanitizeHtml(html, { allowedTags: ['p'], allowedAttributes: { p: ['style'] } }); }
export const handler = async () => 'sanitize';`,
    );
    expect(m.clean('<p style="color: red">Hi</p>')).toBe('<p>Hi</p>');
  }, 120_000);

  it('axios: any call throws, pointing to fetch', async () => {
    const m = await bundled<{ call(): Promise<unknown> }>(
      'axios',
      `import axios from 'axios';
export async function call() { return axios.get('https://example.com'); }
export const handler = async () => 'axios';`,
    );
    await expect(m.call()).rejects.toThrow(/axios is not bundled/);
  }, 120_000);

  it('keeps only transforms measured on a function that exists', () => {
    const names = new Set(functionSources().map((s) => s.name));
    for (const t of BUNDLE_TRANSFORMS) expect(names.has(routeFunctionName(t.measuredOn)), t.name).toBe(true);
  });
});

describe('API stack', () => {
  it('deploys each built folder as it is: no bundling at synth', () => {
    const product = synthProduct({ stage: 'dev' });
    try {
      const codeDir = (fn: Construct) => (fn.node.tryFindChild('Code') as Asset | undefined)?.assetPath;
      for (const route of ROUTES) {
        const fn = product.stacks.api.functions.get(routeKey(route)) as LambdaFunction;
        expect((fn.node.defaultChild as CfnFunction).handler, route.handler).toBe('index.handler');
        expect(codeDir(fn)?.endsWith(functionCodeDir(routeFunctionName(route.handler), '/functions')), route.handler).toBe(true);
      }
      for (const [key, fn] of product.stacks.api.jobFunctions) {
        expect(codeDir(fn)?.endsWith(functionCodeDir(jobFunctionName(JOBS[key].handler), '/functions')), key).toBe(true);
      }
      const publisher = product.stacks.web.sitePublisher?.function as LambdaFunction;
      expect(codeDir(publisher)?.endsWith(functionCodeDir(SITE_PUBLISHER_FUNCTION, '/functions'))).toBe(true);
      // No bundling construct anywhere: the synth runs no esbuild.
      expect(JSON.stringify(product.templates.api.toJSON())).not.toContain('esbuild');
    } finally {
      product.cleanup();
    }
  }, 300_000);
});
