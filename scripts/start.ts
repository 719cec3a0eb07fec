import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError, startRuntime } from './local/runtime.ts';

/** `npm start`: the whole product on this machine (site, API, DynamoDB Local, S3-compatible store). */
// Node 20 is supported by the pinned SDK; its notice about future releases is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const root = join(import.meta.dirname, '..');
const distDir = join(root, 'frontend/dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfStale(): void {
  const index = join(distDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'frontend')), newestMtime(join(root, 'shared')));
  // SKIP_BUILD=1 serves whatever is built (tests of the API runtime need no site).
  if (process.env.SKIP_BUILD === '1' || built >= sources) return;
  console.log(built ? 'Site sources changed: rebuilding...' : 'Building the site (first start)...');
  const r = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The site build failed: see the errors above.');
    process.exit(1);
  }
}

async function main() {
  buildIfStale();
  const port = Number(process.env.PORT ?? 3000);
  const runtime = await startRuntime({
    port,
    dataDir: process.env.DATA_DIR ?? join(root, '.data'),
    distDir,
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT,
    staffPassword: process.env.STAFF_PASSWORD,
  });
  console.log(`Creator LLC is running at ${runtime.url}`);
  console.log(`  data folder:     ${runtime.dataDir}`);
  console.log(`  staff password:  ${runtime.staffPassword}  (staff login at ${runtime.url}/staff/login)`);
  console.log('Press Ctrl-C to stop.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
