import { openApiDocument } from '#shared/api/openapi.ts';
import { httpHandler, jsonText } from '../../lib/http.ts';

/**
 * GET /api/openapi.json: this API as an OpenAPI 3.1 document, generated from the contract on the
 * first request a function serves and kept for the next ones (it changes only with a deploy).
 */
let body: string | undefined;

export const handler = httpHandler(async () => {
  body ??= JSON.stringify(openApiDocument());
  return jsonText(200, body, { 'cache-control': 'public, max-age=3600' });
});
