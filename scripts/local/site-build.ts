import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
export const SITE_DIST = join(root, 'frontend/dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Builds the site (`npm run build`: Vite, then the prerendered pages) when frontend/dist is
 * missing, older than any source in frontend/ or shared/, or has no app shell.
 */
export function buildSiteIfStale(): void {
  const index = join(SITE_DIST, 'app.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'frontend')), newestMtime(join(root, 'shared')));
  if (built >= sources) return;
  console.log(built ? 'Site sources changed: rebuilding...' : 'Building the site (first start)...');
  const r = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('The site build failed: see the errors above.');
  const p = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/prerender.ts')], { cwd: root, stdio: 'inherit' });
  if (p.status !== 0) throw new Error('Prerendering the site failed: see the errors above.');
}
