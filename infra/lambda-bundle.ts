import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

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
  },
} as const;

/** The route handler module's source file. */
export function handlerEntry(handler: string): string {
  return join(REPO_ROOT, 'functions', 'handlers', `${handler}.ts`);
}

/** LAMBDA_BUNDLE expressed as NodejsFunction bundling options (local esbuild, no Docker). */
export function cdkBundling(): BundlingOptions {
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
    logLevel: 'error',
  };
}
