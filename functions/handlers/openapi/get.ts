import { openApiDocument } from '#shared/api/openapi.ts';
import { jsonText, route, type Serialized, serialized } from '../../lib/http.ts';

/**
 * GET /api/openapi.json: this API as an OpenAPI 3.1 document, generated from the contract on the
 * first request a function serves and kept for the next ones (it changes only with a deploy).
 */
let body: Serialized<ReturnType<typeof openApiDocument>> | undefined;

export const handler = route('GET /api/openapi.json', async () => {
  body ??= serialized(openApiDocument());
  return jsonText(200, body, { 'cache-control': 'public, max-age=3600' });
});
