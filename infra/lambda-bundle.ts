import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild';
import { JOBS } from '../functions/jobs.ts';
import { ROUTES } from '../functions/routes.ts';

/** The repository root (infra/ sits directly below it). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/**
 * Where `npm run build:functions` (scripts/build-functions.ts) writes one folder per function;
 * the API stack deploys each folder as it is (`Code.fromAsset`).
 */
export const FUNCTIONS_BUILD_DIR = join(REPO_ROOT, '.build', 'functions');

/**
 * How every function is built: the ONE set of esbuild options used by the build step
 * (scripts/build-functions.ts, whose output the API stack deploys), the bench and the tests.
 *
 * - ESM output (middy is ESM-only). The CommonJS dependencies it pulls call `require`, which the
 *   banner recreates ("Dynamic require of X is not supported" otherwise); the import is aliased
 *   so it cannot clash with a bundled module's own `createRequire`.
 * - The AWS SDK v3 is bundled and minified with the code (docs/decisions/0170), not taken from
 *   the runtime: nothing is external.
 * - Code splitting: what a function imports only on first use (the Secrets Manager, KMS and SES
 *   clients) is a separate file beside index.mjs, read when first needed, not at cold start.
 * - No source maps: they would count against the code size and the cold start.
 */
export const LAMBDA_BUNDLE = {
  target: 'node24',
  format: 'esm',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  banner: "import { createRequire as __lambdaCreateRequire } from 'node:module';const require = __lambdaCreateRequire(import.meta.url);",
} as const;

/**
 * Packages replaced at build time by a file of ours (docs/decisions/0171): each a stand-in for a
 * library the functions never need, tested in infra/lambda-bundle.test.ts. No library's source
 * is rewritten (`alias` maps a package to the file).
 * - postcss: sanitize-html parses `style` attributes with it, which our HTML policy never allows.
 * - axios: the Amazon Pay SDK's own HTTP client; we sign its requests and send them with fetch.
 * - pako: pdf-lib's and fontkit's zlib inflate/deflate, done by Node's zlib.
 */
export interface BundleTransform {
  name: string;
  alias: Record<string, string>;
  /** A handler whose bundle the transform changes, for measuring it. */
  measuredOn: string;
}

export const BUNDLE_TRANSFORMS: readonly BundleTransform[] = [
  { name: 'postcss stand-in', alias: { postcss: join(REPO_ROOT, 'functions/lib/postcss-unused.ts') }, measuredOn: 'content/update' },
  { name: 'axios stand-in', alias: { axios: join(REPO_ROOT, 'functions/lib/axios-unused.ts') }, measuredOn: 'payments/amazon-pay-create-session' },
  { name: 'pako by zlib', alias: { pako: join(REPO_ROOT, 'functions/lib/pako-zlib.ts') }, measuredOn: 'staff/documents-generate' },
];

/**
 * Files a function reads beside its code at run time, shipped in its folder when its bundle
 * includes the module that reads them: a handler that imports functions/documents/ gets the
 * fonts folder as `fonts/` next to index.mjs, where fonts.ts looks for it (its own URL is the
 * bundle's). Nothing to declare per route: the build sees the import.
 */
export const FUNCTION_ASSETS = [
  { name: 'documents-fonts', whenBundling: 'functions/documents/fonts.ts', from: 'functions/documents/fonts', to: 'fonts' },
] as const;

/** The route handler module's source file. */
export function handlerEntry(handler: string): string {
  return join(REPO_ROOT, 'functions', 'handlers', `${handler}.ts`);
}

/** A job's handler module's source file (functions/jobs.ts `handler`). */
export function jobEntry(handler: string): string {
  return join(REPO_ROOT, 'functions', 'jobs', `${handler}.ts`);
}

/** The build folder name of a route's function (`handlers/applications/get`); routes that share a module share it. */
export const routeFunctionName = (handler: string) => `handlers/${handler}`;
/** The build folder name of a job's function (`jobs/outbox-stream`). */
export const jobFunctionName = (handler: string) => `jobs/${handler}`;
/** The site publisher (site/publisher/handler.ts), a function of the web stack (infra/site-publisher.ts). */
export const SITE_PUBLISHER_FUNCTION = 'site/publisher';

export interface FunctionSource {
  /** Its folder under the build directory. */
  name: string;
  entry: string;
}

/** Every function the stacks deploy: each route's handler, the `$default` fallback, each job, the site publisher. */
export function functionSources(): FunctionSource[] {
  const handlers = [...new Set([...ROUTES.map((r) => r.handler), 'fallback'])];
  const jobs = [...new Set(Object.values(JOBS).map((j) => j.handler as string))];
  return [
    ...handlers.map((h) => ({ name: routeFunctionName(h), entry: handlerEntry(h) })),
    ...jobs.map((h) => ({ name: jobFunctionName(h), entry: jobEntry(h) })),
    { name: SITE_PUBLISHER_FUNCTION, entry: join(REPO_ROOT, 'site', 'publisher', 'handler.ts') },
  ];
}

/** The folder a function is deployed from. */
export function functionCodeDir(name: string, buildDir = FUNCTIONS_BUILD_DIR): string {
  return join(buildDir, ...name.split('/'));
}

/** The AWS SDK loaders (functions/lib/clients/*-sdk.ts): every SDK client the functions use comes through one of them. */
const SDK_LOADER = /functions[\\/]lib[\\/]clients[\\/]([\w-]+)-sdk\.ts$/;

export interface FunctionBuild {
  name: string;
  dir: string;
  /** Bytes of index.mjs and the chunks it imports statically: the code a cold start reads (reported by the bench). */
  startBytes: number;
  /** Bytes of every file of the folder (code read on first use and shipped assets included). */
  totalBytes: number;
  /** SDK loaders (`dynamodb`, `s3`, ...) the function imports at load, and those it imports only on first use. */
  sdk: { atLoad: string[]; onFirstUse: string[] };
  assets: string[];
}

export interface BuildOptionsFor {
  /** Names of BUNDLE_TRANSFORMS to leave out (for measuring what each one buys). */
  without?: readonly string[];
  /**
   * `runtime`: leave the AWS SDK out and load the Lambda runtime's copy with `require`, as the
   * functions did before docs/decisions/0170; only the bench builds this way, to compare.
   */
  sdk?: 'bundled' | 'runtime';
}

/**
 * The SDK loaders rewritten to `require` the package from the runtime (CommonJS: Node's ESM
 * loader would scan the large CommonJS packages for their export names first, which is slower).
 */
function sdkFromRuntime(): Plugin {
  return {
    name: 'sdk-from-runtime',
    setup(b) {
      b.onLoad({ filter: SDK_LOADER }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const lines = [...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(@aws-sdk\/[^']+)';/g)].map(
          ([, names, pkg], i) => `const __sdk${i} = __sdkRequire(${JSON.stringify(pkg)});\nexport const { ${names.replace(/\s+as\s+/g, ': ')} } = __sdk${i};`,
        );
        return {
          contents: `import { createRequire } from 'node:module';\nconst __sdkRequire = createRequire(import.meta.url);\n${lines.join('\n')}\n`,
          loader: 'js',
        };
      });
    },
  };
}

/** LAMBDA_BUNDLE as esbuild options for one function's folder. */
export function esbuildOptions(entry: string, outdir: string, opts: BuildOptionsFor = {}): BuildOptions {
  const transforms = BUNDLE_TRANSFORMS.filter((t) => !opts.without?.includes(t.name));
  return {
    entryPoints: { index: entry },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    target: LAMBDA_BUNDLE.target,
    format: LAMBDA_BUNDLE.format,
    minify: LAMBDA_BUNDLE.minify,
    sourcemap: LAMBDA_BUNDLE.sourcemap,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    banner: { js: LAMBDA_BUNDLE.banner },
    // Libraries' production code paths (React in the email and page renderers among them).
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: Object.assign({}, ...transforms.map((t) => t.alias)),
    plugins: opts.sdk === 'runtime' ? [sdkFromRuntime()] : [],
    external: opts.sdk === 'runtime' ? ['@aws-sdk/*'] : [],
    metafile: true,
    logLevel: 'error',
  };
}

/** Modules reached from the entry through static imports only (what runs at cold start). */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imp of metafile.inputs[file]?.imports ?? []) if (!imp.external && imp.kind !== 'dynamic-import') queue.push(imp.path);
  }
  return seen;
}

/** The output files read at start: index.mjs and what it imports statically (paths as the metafile gives them). */
function filesAtStart(metafile: Metafile, indexFile: string): string[] {
  const seen = new Set<string>();
  const queue = [relative(REPO_ROOT, indexFile).split(sep).join('/')];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || !metafile.outputs[file]) continue;
    seen.add(file);
    for (const imp of metafile.outputs[file].imports) if (!imp.external && imp.kind === 'import-statement') queue.push(imp.path);
  }
  return [...seen];
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

/**
 * Builds one function into `dir` (emptied first): index.mjs exporting `handler`, the chunks it
 * loads on first use, and the asset folders its code reads (FUNCTION_ASSETS).
 */
export async function buildFunction(source: FunctionSource, dir: string, opts: BuildOptionsFor = {}): Promise<FunctionBuild> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = await build({ ...esbuildOptions(source.entry, dir, opts), absWorkingDir: REPO_ROOT });
  const metafile = result.metafile as Metafile;
  const entryInput = relative(REPO_ROOT, source.entry).split(sep).join('/');
  const atStart = loadedAtStart(metafile, entryInput);
  const sdk = { atLoad: [] as string[], onFirstUse: [] as string[] };
  for (const input of Object.keys(metafile.inputs)) {
    const loader = SDK_LOADER.exec(input)?.[1];
    if (loader) (atStart.has(input) ? sdk.atLoad : sdk.onFirstUse).push(loader);
  }
  const assets: string[] = [];
  for (const asset of FUNCTION_ASSETS) {
    if (!metafile.inputs[asset.whenBundling]) continue;
    cpSync(join(REPO_ROOT, asset.from), join(dir, asset.to), { recursive: true });
    assets.push(asset.name);
  }
  const startFiles = filesAtStart(metafile, join(dir, 'index.mjs'));
  return {
    name: source.name,
    dir,
    startBytes: startFiles.reduce((sum, file) => sum + metafile.outputs[file].bytes, 0),
    totalBytes: folderBytes(dir),
    sdk: { atLoad: sdk.atLoad.sort(), onFirstUse: sdk.onFirstUse.sort() },
    assets,
  };
}

/** Builds every function (functionSources) into `buildDir`, a few at a time. */
export async function buildFunctions(buildDir = FUNCTIONS_BUILD_DIR, sources = functionSources(), opts: BuildOptionsFor = {}): Promise<FunctionBuild[]> {
  rmSync(buildDir, { recursive: true, force: true });
  const queue = [...sources];
  const out: FunctionBuild[] = [];
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) out.push(await buildFunction(s, functionCodeDir(s.name, buildDir), opts));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The SDK loader module of a name returned in FunctionBuild.sdk (`dynamodb` -> functions/lib/clients/dynamodb-sdk.ts). */
export function sdkLoaderFile(name: string): string {
  return join(REPO_ROOT, 'functions', 'lib', 'clients', `${name}-sdk.ts`);
}
