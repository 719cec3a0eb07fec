import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions, Plugin } from 'esbuild';
import { STRIPE_RESOURCES } from '../functions/payments/stripe.ts';
import { SUNBIZ_FONTS } from '../functions/sunbiz/fonts.ts';

/** The repository root (infra/ sits directly below it). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/**
 * How every route's handler is bundled: the ONE set of esbuild options used by the CDK API
 * stack (through NodejsFunction) and by the bundle budget (scripts/bench/lambda.ts, through
 * esbuild directly), so the bench measures exactly what gets deployed.
 *
 * - ESM output; middy is ESM-only and the CJS dependencies it pulls need `require`, which the
 *   banner recreates ("Dynamic require of X is not supported" otherwise).
 * - @aws-sdk/* v3 ships in the Node.js 22 Lambda runtime, so it stays out of the bundle.
 * - No source maps: they would count against the code size and the cold start.
 */
export const LAMBDA_BUNDLE = {
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  external: ['@aws-sdk/*'],
  banner: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
  // Code paths of bundled libraries that our use never reaches (see each stand-in for why).
  alias: {
    postcss: join(REPO_ROOT, 'functions/lib/postcss-unused.ts'),
    axios: join(REPO_ROOT, 'functions/lib/axios-unused.ts'),
    '@pdf-lib/upng': join(REPO_ROOT, 'functions/lib/upng-unused.ts'),
    // Not a stand-in: pako's zlib-format deflate/inflate done by Node's zlib.
    pako: join(REPO_ROOT, 'functions/lib/pako-zlib.ts'),
  },
} as const;

const requireFromRoot = createRequire(join(REPO_ROOT, 'package.json'));
const packageDir = (name: string) => dirname(requireFromRoot.resolve(`${name}/package.json`));
const within = (dir: string, file: string) => file.startsWith(dir + sep);
const UNUSED_STRIPE_RESOURCE = join(REPO_ROOT, 'functions/lib/stripe-resource-unused.ts');

/**
 * Stripe's SDK constructs a class for each of its ~270 API resources on every client; our
 * functions call three (functions/payments/stripe.ts STRIPE_RESOURCES, which also narrows the
 * client's type to them). Every other resource module becomes functions/lib/stripe-resource-unused.ts,
 * whose instances throw a clear error if touched: about 160 KB less in each function that calls Stripe.
 */
function stripeResources(used: readonly string[]): Plugin {
  const keep = new Set(used.map((name) => `${name[0].toUpperCase()}${name.slice(1)}.js`));
  return {
    name: 'stripe-resources',
    setup(build) {
      build.onLoad({ filter: /[\\/]stripe[\\/](esm|cjs)[\\/]resources[\\/].+\.js$/ }, (args) => {
        const dir = join(args.path.slice(0, args.path.lastIndexOf(`${sep}resources${sep}`)), 'resources');
        if (keep.has(relative(dir, args.path))) return undefined;
        const classes = [...readFileSync(args.path, 'utf8').matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
        const contents = classes.map((name) => `export { UnusedStripeResource as ${name} } from ${JSON.stringify(UNUSED_STRIPE_RESOURCE)};`).join('\n');
        return { contents: contents || 'export {};', loader: 'js' };
      });
    },
  };
}

/**
 * pdf-lib compiled from the TypeScript sources it ships (`src/`) for Node 22, instead of its
 * ES5 build: classes and async functions instead of tslib helpers and generator state
 * machines, about 40 KB smaller. Its sources import each other as `src/...`, resolved here.
 * infra/lambda-bundles.test.ts checks that the bundled Sunbiz document is byte-for-byte the one
 * pdf-lib's published build writes.
 */
function pdfLibFromSource(): Plugin {
  const root = packageDir('pdf-lib');
  const src = join(root, 'src');
  const resolveSource = (base: string) => [`${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c));
  return {
    name: 'pdf-lib-source',
    setup(build) {
      build.onResolve({ filter: /^pdf-lib$/ }, () => ({ path: join(src, 'index.ts') }));
      build.onResolve({ filter: /^src(\/|$)/ }, (args) => {
        if (!within(src, args.importer)) return undefined;
        const path = resolveSource(join(root, args.path));
        return path ? { path } : undefined;
      });
    },
  };
}

/**
 * pdf-lib's standard-font package carries the metrics of all fourteen PDF standard fonts
 * (about 127 KB); the Sunbiz document uses two (functions/sunbiz/fonts.ts SUNBIZ_FONTS). The
 * others become empty data, which fails loudly if a document ever embeds one.
 */
function standardFonts(used: readonly string[]): Plugin {
  const keep = new Set([...used, 'all-encodings']);
  return {
    name: 'pdf-standard-fonts',
    setup(build) {
      build.onLoad({ filter: /[\\/]@pdf-lib[\\/]standard-fonts[\\/].+\.compressed\.json$/ }, (args) => {
        const font = args.path.slice(args.path.lastIndexOf(sep) + 1).replace('.compressed.json', '');
        return keep.has(font) ? undefined : { contents: 'export default "";', loader: 'js' };
      });
    },
  };
}

/**
 * The esbuild plugins every function bundle is built with. The esbuild CLI that NodejsFunction
 * runs cannot take plugins, so the API stack rebuilds each function's bundle with these in an
 * `afterBundling` hook (scripts/bundle-function.ts); the bench builds with them directly.
 */
export function lambdaPlugins(): Plugin[] {
  return [stripeResources(STRIPE_RESOURCES), pdfLibFromSource(), standardFonts(Object.values(SUNBIZ_FONTS))];
}

/** The route handler module's source file. */
export function handlerEntry(handler: string): string {
  return join(REPO_ROOT, 'functions', 'handlers', `${handler}.ts`);
}

/** A job's handler module's source file (functions/jobs.ts `handler`). */
export function jobEntry(handler: string): string {
  return join(REPO_ROOT, 'functions', 'jobs', `${handler}.ts`);
}

const TSX_CLI = requireFromRoot.resolve('tsx/cli');
const BUNDLE_FUNCTION_SCRIPT = join(REPO_ROOT, 'scripts', 'bundle-function.ts');

/**
 * LAMBDA_BUNDLE expressed as NodejsFunction bundling options (local esbuild, no Docker). The
 * esbuild CLI that NodejsFunction runs cannot load plugins, so its `afterBundling` hook rebuilds
 * the same entry with the same options plus `lambdaPlugins()` through esbuild's API
 * (scripts/bundle-function.ts), over the CLI's output file: the deployed code is exactly what
 * `npm run bench:lambda` measures.
 */
export function cdkBundling(entry: string): BundlingOptions {
  const quote = (s: string) => `"${s.replaceAll('"', '\\"')}"`;
  return {
    target: LAMBDA_BUNDLE.target,
    format: LAMBDA_BUNDLE.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
    minify: LAMBDA_BUNDLE.minify,
    sourceMap: LAMBDA_BUNDLE.sourcemap,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    externalModules: [...LAMBDA_BUNDLE.external],
    banner: LAMBDA_BUNDLE.banner,
    esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_BUNDLE.alias).map(([from, to]) => [`--alias:${from}`, to])),
    logLevel: LogLevel.ERROR,
    forceDockerBundling: false,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir, outputDir) => [[process.execPath, TSX_CLI, BUNDLE_FUNCTION_SCRIPT, entry, join(outputDir, 'index.mjs')].map(quote).join(' ')],
    },
  };
}

/** LAMBDA_BUNDLE expressed as esbuild build options, for bundling a handler outside CDK. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLE.target,
    format: LAMBDA_BUNDLE.format,
    minify: LAMBDA_BUNDLE.minify,
    sourcemap: LAMBDA_BUNDLE.sourcemap,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    external: [...LAMBDA_BUNDLE.external],
    banner: { js: LAMBDA_BUNDLE.banner },
    alias: { ...LAMBDA_BUNDLE.alias },
    plugins: lambdaPlugins(),
    logLevel: 'error',
  };
}
