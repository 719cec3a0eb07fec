import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '#shared/api/openapi.ts';

/**
 * `npm run openapi` (also run by `npm run build`): writes docs/openapi.json, what
 * GET /api/openapi.json serves, from the API contract, indented for reading. The file is an
 * output of the build, not kept in git; `npm run lint:openapi` writes it and lints it with
 * Redocly's recommended rules.
 */
const REPO_ROOT = join(import.meta.dirname, '..');
export const OPENAPI_FILE = join(REPO_ROOT, 'docs', 'openapi.json');

if (process.argv[1] === import.meta.filename) {
  writeFileSync(OPENAPI_FILE, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  console.log(`Wrote ${OPENAPI_FILE}`);
}
