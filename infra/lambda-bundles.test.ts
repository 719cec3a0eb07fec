import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { ROUTES } from '../functions/routes.ts';
import { TABLE_KEYS, TABLES } from '../functions/tables.ts';
import { esbuildOptions, handlerEntry, jobEntry, LAMBDA_BUNDLE, REPO_ROOT } from './lambda-bundle.ts';

/**
 * Every function bundle must load with nothing but what the Lambda runtime provides: Node's
 * built-ins and the AWS SDK v3. A package loaded at run time instead of bundled (for example
 * through createRequire) works here, where node_modules exists, and fails on AWS; this catches it.
 */
const dir = mkdtempSync(join(tmpdir(), 'creator-llc-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The AWS SDK packages and everything they depend on, as the runtime has them. */
function sdkClosure(): Set<string> {
  const modules = join(REPO_ROOT, 'node_modules');
  const seen = new Set<string>();
  const queue = LAMBDA_BUNDLE.external.flatMap((pattern) => {
    const scope = pattern.replace('/*', '');
    return existsSync(join(modules, scope))
      ? execFileSync('ls', [join(modules, scope)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map((n) => `${scope}/${n}`)
      : [];
  });
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name) || !existsSync(join(modules, name, 'package.json'))) continue;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    queue.push(...Object.keys(pkg.dependencies ?? {}));
  }
  return seen;
}

describe('Lambda bundles', () => {
  it('load with only Node built-ins and the AWS SDK available', async () => {
    const modules = join(dir, 'node_modules');
    for (const name of sdkClosure()) {
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name), 'dir');
    }
    const entries = [
      ...[...new Set([...ROUTES.map((r) => r.handler), 'fallback'])].map((h) => ({ name: h, entry: handlerEntry(h) })),
      ...[...new Set(Object.values(JOBS).map((j) => j.handler))].map((h) => ({ name: `jobs/${h}`, entry: jobEntry(h) })),
    ];
    const files = await Promise.all(
      entries.map(async ({ name, entry }) => {
        const outfile = join(dir, `${name.replace(/\W+/g, '-')}.mjs`);
        await build(esbuildOptions(entry, outfile));
        return outfile;
      }),
    );
    const probe = `const failures = [];
for (const f of process.argv.slice(1)) {
  try { const m = await import(f); if (typeof m.handler !== 'function') failures.push(f + ': no handler'); }
  catch (e) { failures.push(f + ': ' + e.message.split('\\n')[0]); }
}
console.log(JSON.stringify(failures));`;
    const env = {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      DEPLOYMENT: 'aws',
      PAYMENT_MODE: 'live',
      DOCUMENTS_BUCKET: 'b',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, k])),
    };
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe, ...files], { cwd: dir, env, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop() as string)).toEqual([]);
  }, 120_000);
});
