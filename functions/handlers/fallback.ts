import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { json, SECURITY_HEADERS } from '../lib/http.ts';
import { matchRoute } from '../route-match.ts';

/**
 * The API's `$default` route: any request the route table does not match.
 * Unknown path -> 404; known path with another method -> 405 with Allow.
 */
export async function handler(event: APIGatewayProxyEventV2) {
  const m = matchRoute(event.requestContext.http.method, event.rawPath);
  if (m.kind === 'method-not-allowed') {
    return json(
      405,
      { error: `Method ${event.requestContext.http.method} is not allowed here; use ${m.allow.join(', ')}` },
      { allow: m.allow.join(', '), ...SECURITY_HEADERS },
    );
  }
  return json(404, { error: `No API route for ${event.rawPath.slice(0, 200)}` }, SECURITY_HEADERS);
}
