import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, NotFoundError } from '../lib/errors.ts';
import { errorResponse, SECURITY_HEADERS } from '../lib/http.ts';
import { matchRoute } from '../route-match.ts';

/**
 * The API's `$default` route: any request the route table does not match.
 * Unknown path -> 404; known path with another method -> 405 with Allow.
 */
export async function handler(event: APIGatewayProxyEventV2) {
  const method = event.requestContext.http.method;
  const m = matchRoute(method, event.rawPath);
  if (m.kind === 'method-not-allowed') {
    const allow = m.allow.join(', ');
    return errorResponse(new DomainError('method_not_allowed', 'method_not_allowed', `Method ${method} is not allowed here; use ${allow}`), {
      allow,
      ...SECURITY_HEADERS,
    });
  }
  return errorResponse(new NotFoundError(`No API route for ${event.rawPath.slice(0, 200)}`, 'route_not_found'), SECURITY_HEADERS);
}
