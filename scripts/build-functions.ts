import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildFunctions, FUNCTIONS_BUILD_DIR, REPO_ROOT } from '../infra/lambda-bundle.ts';
import { runIfMain } from './cli.ts';

/**
 * `npm run build:functions`: builds every Lambda function (each route's handler, the `$default`
 * fallback, each job) into its own folder under .build/functions/, with the options and
 * transforms of infra/lambda-bundle.ts. The API stack deploys those folders as they are
 * (`Code.fromAsset`), so this is the one build of the deployed code; `npm run synth` and
 * `npm run deploy` run it first. Also writes .build/functions/manifest.json (sizes, the SDK
 * clients each function loads, shipped assets).
 */
export async function buildAllFunctions(buildDir = FUNCTIONS_BUILD_DIR) {
  const started = Date.now();
  const builds = await buildFunctions(buildDir);
  writeFileSync(
    join(buildDir, 'manifest.json'),
    `${JSON.stringify(
      builds.map(({ dir: _dir, ...b }) => b),
      null,
      2,
    )}\n`,
  );
  const largest = builds.reduce((a, b) => (b.startBytes > a.startBytes ? b : a));
  console.log(
    `== functions: ${builds.length} built in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${relative(REPO_ROOT, buildDir)} (largest code loaded at start: ${largest.name}, ${(largest.startBytes / 1024).toFixed(0)} KB)`,
  );
  return builds;
}

runIfMain(import.meta.url, async () => {
  await buildAllFunctions();
});
