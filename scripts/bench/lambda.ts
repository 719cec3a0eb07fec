import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_KEYS, TABLES } from '../../functions/tables.ts';
import {
  type BuildOptionsFor,
  buildFunction,
  buildFunctions,
  type FunctionBuild,
  functionCodeDir,
  functionSources,
  REPO_ROOT,
  sdkLoaderFile,
} from '../../infra/lambda-bundle.ts';
import { runIfMain } from '../cli.ts';
import { benchVerboseSetting, pathSetting } from '../config.ts';

/**
 * `npm run bench:lambda`: builds every function exactly as `npm run build:functions` does and
 * measures its cold import against its own floor:
 * - the reference of a function loads exactly the AWS SDK clients the function loads, the same
 *   way (the same SDK loaders, imported at load or on first use as the function does, built with
 *   the same options), and nothing else: the part of a cold start no code of ours can remove;
 * - cold import = a fresh Node process from its start until the handler module is imported
 *   (after the built-in modules Lambda's runtime loads first, RUNTIME_PRELOADED), measured in CPU time (the process's user + system time at that point), which a busy shared
 *   machine barely moves, and in wall time (reported);
 * - each function and its reference are measured alternately RUNS times in the same run; the
 *   ratio is the median of the per-pair ratios. Reported, not judged: one run moves a function's
 *   ratio by 0.15-0.3 on a shared 2-core machine, more than any budget at that precision could
 *   tell apart (docs/benchmarks.md says why the budget was retired).
 * `--compare-sdk` also builds everything with the runtime's SDK (docs/decisions/0170); `--stack`
 * measures only what every route handler is built on (STACK_LAYERS).
 */
/** Far under Lambda's 250 MB (unzipped) limit; reported, not a budget of its own. */
export const LAMBDA_UNZIPPED_LIMIT_MB = 250;
const RUNS = 5;

const OUT_DIR = join(REPO_ROOT, '.bench', 'lambda');

// The configuration module validates its environment at import: give it a deployed-like one.
const childEnv: NodeJS.ProcessEnv = {
  PATH: pathSetting(),
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  DEPLOYMENT: 'aws',
  PAYMENT_MODE: 'live',
  DOCUMENTS_BUCKET: 'bench-documents',
  LOG_LEVEL: 'ERROR',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, `bench-${k}`])),
};

/**
 * What Lambda's Node.js runtime has loaded before it imports a handler: its runtime interface
 * client (github.com/aws/aws-lambda-nodejs-runtime-interface-client, src/) requires `http` in
 * RAPIDClient.js, `net` in ResponseStream.js, `util` and `fs` in LogPatch.js, `assert` in
 * InvokeContext.js and `path` in UserFunction.js, all before UserFunction.load. The probe loads
 * the same before the import, for the function and its reference alike, so a module both would
 * find already loaded on Lambda is not counted as the function's.
 */
export const RUNTIME_PRELOADED = ['node:http', 'node:net', 'node:util', 'node:fs', 'node:assert', 'node:path'] as const;

const PROBE = `${RUNTIME_PRELOADED.map((m) => `import '${m}';`).join(' ')}
const mod = await import(process.argv[1]);
if (typeof mod.handler !== 'function') throw new Error('no handler export');
const cpu = process.cpuUsage();
console.log(JSON.stringify({ wallMs: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000 }));`;

interface Sample {
  wallMs: number;
  cpuMs: number;
}

function probe(file: string): Sample {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, file], { cwd: REPO_ROOT, env: childEnv, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as Sample;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Pairwise {
  /** Medians of the measured file. */
  cpuMs: number;
  wallMs: number;
  /** Medians of the reference, from the same pairs. */
  refCpuMs: number;
  refWallMs: number;
  /** Median of the per-pair CPU-time ratios. */
  ratio: number;
}

/** `file` against `reference`, alternately, RUNS pairs (reference first in each). */
export function measurePair(file: string, reference: string, runs = RUNS): Pairwise {
  const pairs = Array.from({ length: runs }, () => {
    const ref = probe(reference);
    const measured = probe(file);
    return { ref, measured };
  });
  return {
    cpuMs: median(pairs.map((p) => p.measured.cpuMs)),
    wallMs: median(pairs.map((p) => p.measured.wallMs)),
    refCpuMs: median(pairs.map((p) => p.ref.cpuMs)),
    refWallMs: median(pairs.map((p) => p.ref.wallMs)),
    ratio: median(pairs.map((p) => p.measured.cpuMs / p.ref.cpuMs)),
  };
}

/** The reference's imports (the SDK loaders, at load or on first use) and the expression its handler returns. */
function referenceParts(sdk: FunctionBuild['sdk']): [imports: string, body: string] {
  const atLoad = sdk.atLoad.map((name, i) => `import * as sdk${i} from ${JSON.stringify(sdkLoaderFile(name))};`);
  const later = sdk.onFirstUse.map((name) => `() => import(${JSON.stringify(sdkLoaderFile(name))})`);
  return [
    `${atLoad.join('\n')}\nconst onFirstUse = [${later.join(', ')}];`,
    [...sdk.atLoad.map((_, i) => `Object.keys(sdk${i}).length`), '(await Promise.all(onFirstUse.map((load) => load()))).length'].join(' + '),
  ];
}

/** The reference's entry: the same SDK loaders, imported the same way, and nothing else. */
function referenceSource(sdk: FunctionBuild['sdk']): string {
  const [imports, body] = referenceParts(sdk);
  return `${imports}\nexport const handler = async () => ({ statusCode: 200, body: String(${body}) });\n`;
}

const signature = (sdk: FunctionBuild['sdk']) => `${sdk.atLoad.join('+') || 'none'}|${sdk.onFirstUse.join('+') || 'none'}`;
const describeSdk = (sdk: FunctionBuild['sdk']) =>
  `${sdk.atLoad.join(' + ') || 'no SDK'} at load${sdk.onFirstUse.length ? `, ${sdk.onFirstUse.join(' + ')} on first use` : ''}`;

/** Builds one reference per distinct SDK use among `builds`. */
async function buildReferences(builds: FunctionBuild[], dir: string, opts: BuildOptionsFor): Promise<Map<string, FunctionBuild>> {
  const refs = new Map<string, FunctionBuild>();
  mkdirSync(dir, { recursive: true });
  for (const b of builds) {
    const key = signature(b.sdk);
    if (refs.has(key)) continue;
    const name = `reference-${refs.size}`;
    const entry = join(dir, `${name}.ts`);
    writeFileSync(entry, referenceSource(b.sdk));
    refs.set(key, await buildFunction({ name, entry }, join(dir, name), opts));
  }
  return refs;
}

/**
 * What every route handler is built on, layer by layer over a reference: middy (the handler
 * engine), then zod (validating one value, through shared/zod.ts as the functions import it), then
 * our HTTP layer (functions/lib/http.ts: the route check, errors and headers, request logging),
 * each wrapping the reference's own body. The last layer is the least a route function can load,
 * so its ratio is the floor under every function's ratio on the same reference.
 */
export const STACK_LAYERS = ['middy', 'middy + zod', 'middy + zod + HTTP layer'] as const;
export type StackLayer = (typeof STACK_LAYERS)[number];
/**
 * Pairs per layer. The layers are a floor to read the functions' ratios against, not a budget, and
 * 5 pairs moved them by up to 0.2 between runs (0.87x for a build that loads strictly more than its
 * reference); 21 pairs of these small builds take seconds.
 */
export const STACK_RUNS = 21;

/** The SDK uses the layers are measured on: the two references most functions have. */
export const STACK_SDK_USES: readonly FunctionBuild['sdk'][] = [
  { atLoad: [], onFirstUse: ['dynamodb', 'secrets-manager'] },
  { atLoad: ['dynamodb'], onFirstUse: ['secrets-manager'] },
];

/** The entry of one layer over the reference of `sdk`: the reference's imports and body, wrapped. */
export function layerSource(sdk: FunctionBuild['sdk'], layer: StackLayer): string {
  const [imports, body] = referenceParts(sdk);
  const file = (path: string) => JSON.stringify(join(REPO_ROOT, path));
  // Resolved from the repository, so an entry written anywhere (a test's temporary folder) builds.
  // Through ESM resolution: middy 7 exports only an `import` entry, which require.resolve does not see.
  const middyCore = JSON.stringify(fileURLToPath(import.meta.resolve('@middy/core')));
  if (layer === 'middy') {
    return `${imports}\nimport middy from ${middyCore};\nexport const handler = middy(async () => ({ statusCode: 200, body: String(${body}) }));\n`;
  }
  const zod = `import * as z from ${file('shared/zod.ts')};\nconst code = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'Use a two-letter code'));`;
  if (layer === 'middy + zod') {
    return `${imports}\nimport middy from ${middyCore};\n${zod}\nexport const handler = middy(async (event: { code?: unknown }) => ({ statusCode: 200, body: String(${body}) + code.parse(event.code) }));\n`;
  }
  return `${imports}\nimport { httpHandler, json, pathParam } from ${file('functions/lib/http.ts')};\n${zod}\nexport const handler = httpHandler(async (event) => json(200, { value: String(${body}) + pathParam(event, 'code', code) }));\n`;
}

export interface StackLayerRow {
  /** What the reference loads. */
  sdk: string;
  layer: StackLayer;
  cpuMs: number;
  refCpuMs: number;
  ratio: number;
}

/** Each layer against its reference, alternately, in this run. */
export async function measureStackLayers(dir = join(OUT_DIR, 'stack')): Promise<StackLayerRow[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const rows: StackLayerRow[] = [];
  for (const [i, sdk] of STACK_SDK_USES.entries()) {
    const refEntry = join(dir, `reference-${i}.ts`);
    writeFileSync(refEntry, referenceSource(sdk));
    const ref = await buildFunction({ name: `reference-${i}`, entry: refEntry }, join(dir, `reference-${i}`));
    for (const [j, layer] of STACK_LAYERS.entries()) {
      const name = `layer-${i}-${j}`;
      const entry = join(dir, `${name}.ts`);
      writeFileSync(entry, layerSource(sdk, layer));
      const built = await buildFunction({ name, entry }, join(dir, name));
      const m = measurePair(join(built.dir, 'index.mjs'), join(ref.dir, 'index.mjs'), STACK_RUNS);
      rows.push({ sdk: describeSdk(sdk), layer, cpuMs: round1(m.cpuMs), refCpuMs: round1(m.refCpuMs), ratio: Math.round(m.ratio * 100) / 100 });
      if (benchVerboseSetting()) console.log(JSON.stringify(rows[rows.length - 1]));
    }
  }
  return rows;
}

export interface LambdaBenchRow {
  name: string;
  /** What the reference loads. */
  sdk: string;
  startKb: number;
  totalKb: number;
  cpuMs: number;
  wallMs: number;
  refCpuMs: number;
  refWallMs: number;
  ratio: number;
}

export interface LambdaBenchResult {
  rows: LambdaBenchRow[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Builds the functions (and their references) with `opts` into `dir` and measures every one. */
export async function measureFunctions(dir: string, opts: BuildOptionsFor = {}, only?: readonly string[]): Promise<LambdaBenchRow[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sources = functionSources().filter((s) => !only || only.includes(s.name));
  const builds = await buildFunctions(join(dir, 'functions'), sources, opts);
  const refs = await buildReferences(builds, join(dir, 'references'), opts);
  return builds.map((b) => {
    const ref = refs.get(signature(b.sdk)) as FunctionBuild;
    const m = measurePair(join(functionCodeDir(b.name, join(dir, 'functions')), 'index.mjs'), join(ref.dir, 'index.mjs'));
    const row: LambdaBenchRow = {
      name: b.name,
      sdk: describeSdk(b.sdk),
      startKb: round1(b.startBytes / 1024),
      totalKb: round1(b.totalBytes / 1024),
      cpuMs: round1(m.cpuMs),
      wallMs: round1(m.wallMs),
      refCpuMs: round1(m.refCpuMs),
      refWallMs: round1(m.refWallMs),
      ratio: Math.round(m.ratio * 100) / 100,
    };
    if (benchVerboseSetting()) console.log(JSON.stringify(row));
    return row;
  });
}

export async function lambdaBench(only?: readonly string[]): Promise<LambdaBenchResult> {
  const rows = await measureFunctions(join(OUT_DIR, 'bundled'), {}, only);
  return { rows };
}

export function formatLambdaTable(rows: LambdaBenchRow[]): string {
  const header = ['function', 'SDK loaded (reference)', 'KB at start', 'KB total', 'cold import CPU ms', 'reference CPU ms', 'wall ms (ref)', 'x reference'];
  const lines = rows.map((r) => [
    r.name,
    r.sdk,
    r.startKb.toFixed(1),
    r.totalKb.toFixed(1),
    r.cpuMs.toFixed(1),
    r.refCpuMs.toFixed(1),
    `${r.wallMs.toFixed(0)} (${r.refWallMs.toFixed(0)})`,
    r.ratio.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const heaviest = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return [
    row(header),
    row(widths.map((w) => '-'.repeat(w))),
    ...lines.map(row),
    '',
    `Cold import = a fresh Node process from start until the handler module is imported, CPU time (median of ${RUNS}, alternated with the function's reference). Heaviest: ${heaviest.name} ${heaviest.ratio}x its reference (reported, not a budget).`,
  ].join('\n');
}

/** Bundled SDK against the runtime's copy: every function and its reference built both ways. */
async function compareSdk(only?: readonly string[]): Promise<void> {
  const bundled = await measureFunctions(join(OUT_DIR, 'bundled'), {}, only);
  const runtime = await measureFunctions(join(OUT_DIR, 'runtime-sdk'), { sdk: 'runtime' }, only);
  console.log(
    '| function | bundled: CPU ms (x ref) | runtime SDK: CPU ms (x ref) | bundled reference CPU ms | runtime reference CPU ms | KB at start bundled / runtime |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const b of bundled) {
    const r = runtime.find((x) => x.name === b.name) as LambdaBenchRow;
    console.log(`| ${b.name} | ${b.cpuMs} (${b.ratio}) | ${r.cpuMs} (${r.ratio}) | ${b.refCpuMs} | ${r.refCpuMs} | ${b.startKb} / ${r.startKb} |`);
  }
  const m = (rows: LambdaBenchRow[], pick: (r: LambdaBenchRow) => number) => round1(median(rows.map(pick)));
  console.log(`\nMedian over functions: bundled ${m(bundled, (r) => r.cpuMs)} ms, runtime SDK ${m(runtime, (r) => r.cpuMs)} ms.`);
}

runIfMain(import.meta.url, async () => {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  if (args.includes('--compare-sdk')) return compareSdk(only.length ? only : undefined);
  if (args.includes('--stack')) {
    for (const r of await measureStackLayers()) console.log(`${r.sdk} | ${r.layer}: ${r.ratio}x (${r.cpuMs} vs ${r.refCpuMs} ms CPU)`);
    return;
  }
  const result = await lambdaBench(only.length ? only : undefined);
  console.log(formatLambdaTable(result.rows));
});
