import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpHandler, jsonText } from '../../lib/http.ts';

/**
 * GET /api/openapi.json: this API as an OpenAPI 3.1 document. It serves docs/openapi.json, the
 * copy `npm run openapi` generates from the contract (shared/api/openapi.test.ts fails while the
 * two differ), so the function builds no JSON Schema: building the contract's at load made its cold
 * start about 2.5x its floor (docs/decisions/0174). The build puts the file beside the function's
 * code (infra/lambda-bundle.ts FUNCTION_ASSETS); from the sources it is read where it is committed.
 */
const BESIDE_THE_CODE = fileURLToPath(new URL('./openapi.json', import.meta.url));
const COMMITTED = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));

let body: string | undefined;

function documentText(): string {
  const file = existsSync(BESIDE_THE_CODE) ? BESIDE_THE_CODE : COMMITTED;
  // Served compact: the committed copy is formatted for reading.
  return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
}

export const handler = httpHandler(async () => {
  body ??= documentText();
  return jsonText(200, body, { 'cache-control': 'public, max-age=3600' });
});
