import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROUTES, type RouteDef, routeKey } from '../../functions/routes.ts';
import { TABLE_KEYS, TABLES } from '../../functions/tables.ts';
import { esbuildOptions, handlerEntry, REPO_ROOT } from '../../infra/lambda-bundle.ts';
import { routeConstructId } from '../../infra/stacks/api-stack.ts';
import { runIfMain } from '../cli.ts';

/**
 * `npm run bench:lambda`: bundles every route's handler exactly as the API stack does (the
 * shared LAMBDA_BUNDLE options) and checks the budget:
 * - minified bundle size per function <= 300 KB;
 * - cold start in a fresh Node process (process start until the handler module is imported)
 *   compared with an empty handler's: the heaviest <= 4x.
 * Exits non-zero when a budget fails. `lambdaBench()` returns the rows for `npm run bench`.
 */
export const SIZE_BUDGET_KB = 300;
export const COLD_START_BUDGET_RATIO = 4;
const RUNS = 5;

export interface LambdaBenchRow {
  function: string;
  route: string;
  handler: string;
  sizeKb: number;
  /** Median ms from process start to the imported handler. */
  coldStartMs: number;
  /** Median ms spent importing the module alone. */
  importMs: number;
  ratio: number;
  withinBudget: boolean;
}

/** A handler that only loads AWS SDK clients: the floor under the functions that use them. */
export interface SdkReferenceRow {
  label: string;
  coldStartMs: number;
  ratio: number;
}

export interface LambdaBenchResult {
  rows: LambdaBenchRow[];
  references: SdkReferenceRow[];
  emptyHandlerMs: number;
  ok: boolean;
}

/**
 * Reference handlers, outside the budget: they import the project's AWS SDK loaders and nothing
 * else, so their ratio is what the SDK (kept out of the bundles, as the Lambda runtime provides
 * it) costs any function that needs it.
 */
const SDK_REFERENCES = [
  { label: 'AWS SDK: DynamoDB only', imports: ['dynamodb-sdk.ts'] },
  { label: 'AWS SDK: DynamoDB + S3', imports: ['dynamodb-sdk.ts', 's3-sdk.ts'] },
] as const;

const OUT_DIR = join(REPO_ROOT, '.bench', 'lambda');

// The configuration module validates its environment at import: give it a deployed-like one.
const childEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  DEPLOYMENT: 'aws',
  PAYMENT_MODE: 'live',
  DOCUMENTS_BUCKET: 'bench-documents',
  LOG_LEVEL: 'ERROR',
  ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, `bench-${k}`])),
};

const PROBE = `const t0 = performance.now();
const mod = await import(process.argv[1]);
if (typeof mod.handler !== 'function') throw new Error('no handler export');
const t1 = performance.now();
console.log(JSON.stringify({ ready: t1, importMs: t1 - t0 }));`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function probe(file: string): { ready: number; importMs: number } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, file], { cwd: REPO_ROOT, env: childEnv, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as { ready: number; importMs: number };
}

/**
 * Cold start of a bundle against the empty handler, measured in alternating pairs so that a
 * busy machine slows both sides alike; the ratio is the median of the per-pair ratios.
 */
function coldStart(file: string, emptyFile: string): { ready: number; importMs: number; ratio: number; empty: number[] } {
  const pairs = Array.from({ length: RUNS }, () => {
    const empty = probe(emptyFile).ready;
    const measured = probe(file);
    return { empty, ...measured, ratio: measured.ready / empty };
  });
  return {
    ready: median(pairs.map((p) => p.ready)),
    importMs: median(pairs.map((p) => p.importMs)),
    ratio: median(pairs.map((p) => p.ratio)),
    empty: pairs.map((p) => p.empty),
  };
}

async function bundle(entry: string, name: string): Promise<string> {
  const outfile = join(OUT_DIR, name, 'index.mjs');
  await build(esbuildOptions(entry, outfile));
  return outfile;
}

export async function lambdaBench(): Promise<LambdaBenchResult> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const emptyEntry = join(OUT_DIR, 'empty-handler.ts');
  writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
  const emptyFile = await bundle(emptyEntry, 'empty');
  const emptySamples: number[] = [];

  const functions = [
    ...(ROUTES as readonly RouteDef[]).map((r) => ({ name: routeConstructId(r), route: routeKey(r) as string, handler: r.handler })),
    { name: 'DefaultRouteFunction', route: '$default', handler: 'fallback' },
  ];
  // Several routes may share a module (one bundle each is enough to measure).
  const measured = new Map<string, { sizeKb: number; ready: number; importMs: number; ratio: number }>();
  for (const handler of new Set(functions.map((f) => f.handler))) {
    const file = await bundle(handlerEntry(handler), handler.replaceAll('/', '__'));
    const { ready, importMs, ratio, empty } = coldStart(file, emptyFile);
    emptySamples.push(...empty);
    measured.set(handler, { sizeKb: statSync(file).size / 1024, ready, importMs, ratio });
  }

  const references: SdkReferenceRow[] = [];
  for (const [i, ref] of SDK_REFERENCES.entries()) {
    const entry = join(OUT_DIR, `sdk-reference-${i}.ts`);
    const lines = ref.imports.map((file, j) => `import * as sdk${j} from ${JSON.stringify(join(REPO_ROOT, 'functions/lib/clients', file))};`);
    writeFileSync(
      entry,
      `${lines.join('\n')}\nexport const handler = async () => ({ statusCode: 200, body: String(${ref.imports.map((_, j) => `Object.keys(sdk${j}).length`).join(' + ')}) });\n`,
    );
    const file = await bundle(entry, `sdk-reference-${i}`);
    const { ready, ratio } = coldStart(file, emptyFile);
    references.push({ label: ref.label, coldStartMs: Math.round(ready * 10) / 10, ratio: Math.round(ratio * 100) / 100 });
  }

  const rows = functions.map((f) => {
    const m = measured.get(f.handler) as { sizeKb: number; ready: number; importMs: number; ratio: number };
    const ratio = m.ratio;
    return {
      function: f.name,
      route: f.route,
      handler: f.handler,
      sizeKb: Math.round(m.sizeKb * 10) / 10,
      coldStartMs: Math.round(m.ready * 10) / 10,
      importMs: Math.round(m.importMs * 10) / 10,
      ratio: Math.round(ratio * 100) / 100,
      withinBudget: m.sizeKb <= SIZE_BUDGET_KB && ratio <= COLD_START_BUDGET_RATIO,
    };
  });
  return { rows, references, emptyHandlerMs: Math.round(median(emptySamples) * 10) / 10, ok: rows.every((r) => r.withinBudget) };
}

export function formatLambdaTable(result: LambdaBenchResult): string {
  const header = ['function', 'route', 'size KB', 'cold start ms', 'import ms', 'x empty', 'budget'];
  const lines = result.rows.map((r) => [
    r.function,
    r.route,
    r.sizeKb.toFixed(1),
    r.coldStartMs.toFixed(1),
    r.importMs.toFixed(1),
    r.ratio.toFixed(2),
    r.withinBudget ? 'ok' : 'OVER',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const heaviest = result.rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const largest = result.rows.reduce((a, b) => (b.sizeKb > a.sizeKb ? b : a));
  return [
    row(header),
    row(widths.map((w) => '-'.repeat(w))),
    ...lines.map(row),
    ...result.references.map((r) => row([`(reference) ${r.label}`, '-', '-', r.coldStartMs.toFixed(1), '-', r.ratio.toFixed(2), 'n/a'])),
    '',
    `Cold start = fresh Node process start until the handler module is imported (median of ${RUNS}); "x empty" = median ratio against an empty handler measured alternately (empty handler: ${result.emptyHandlerMs} ms).`,
    `Largest bundle: ${largest.function} ${largest.sizeKb} KB (budget ${SIZE_BUDGET_KB} KB). Heaviest cold start: ${heaviest.function} ${heaviest.ratio}x empty (budget ${COLD_START_BUDGET_RATIO}x).`,
    result.ok ? 'Lambda bundle budget: OK' : 'Lambda bundle budget: FAILED',
  ].join('\n');
}

runIfMain(import.meta.url, async () => {
  const result = await lambdaBench();
  console.log(formatLambdaTable(result));
  if (!result.ok) process.exit(1);
});
