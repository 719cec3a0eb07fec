import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '#shared/api/openapi.ts';

/**
 * `npm run openapi`: writes docs/openapi.json, the committed copy of what GET /api/openapi.json
 * serves, from the API contract (formatted by Biome, as `npm run lint` checks every JSON file).
 * shared/api/openapi.test.ts fails while the copy says something else than the contract.
 */
const REPO_ROOT = join(import.meta.dirname, '..');
export const OPENAPI_FILE = join(REPO_ROOT, 'docs', 'openapi.json');

export function currentOpenApiDocument() {
  return openApiDocument();
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(OPENAPI_FILE, `${JSON.stringify(currentOpenApiDocument(), null, 2)}\n`);
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', OPENAPI_FILE], { cwd: REPO_ROOT, stdio: 'inherit' });
  console.log(`Wrote ${OPENAPI_FILE}`);
}
