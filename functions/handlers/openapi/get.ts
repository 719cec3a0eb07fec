import { openApiDocument } from '#shared/api/openapi.ts';
import { httpHandler, jsonText } from '../../lib/http.ts';
import { ROUTES, routeKey } from '../../routes.ts';

// Generated from the contract once per cold start, then served as the same text.
let body: string | undefined;

/** GET /api/openapi.json: this API as an OpenAPI 3.1 document (docs/openapi.json is the committed copy). */
export const handler = httpHandler(async () => {
  body ??= JSON.stringify(openApiDocument({ staffRoutes: ROUTES.filter((r) => r.access === 'staff').map(routeKey) }));
  return jsonText(200, body, { 'cache-control': 'public, max-age=3600' });
});
