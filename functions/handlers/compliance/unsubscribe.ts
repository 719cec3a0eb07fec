import { unsubscribeBodySchema, unsubscribeQuerySchema } from '#shared/compliance/api.schema.ts';
import { checkUnsubscribeToken } from '../../compliance/unsubscribe-token.ts';
import { unsubscribeReminders } from '../../data/applications/order-page.ts';
import { DomainError, ValidationError } from '../../lib/errors.ts';
import { json, type RouteEvent, requestQuery, route, validate } from '../../lib/http.ts';

type Event = RouteEvent<'POST /api/reminders/unsubscribe'>;

/** The JSON body of the site's unsubscribe page (the route keeps its raw body for mail clients' form posts). */
function jsonBody(event: Event): unknown {
  if (!event.body) return undefined;
  if (!/^application\/(.+\+)?json\b/i.test(event.headers?.['content-type'] ?? ''))
    throw new DomainError('unsupported_media_type', 'unsupported_media_type', 'Send the token as JSON, or in the query with a one-click form post');
  try {
    return JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
  } catch {
    throw new ValidationError('Request body is not valid JSON', undefined, 'invalid_json');
  }
}

/**
 * POST /api/reminders/unsubscribe: turns off an order's deadline reminders. The token is in the
 * query when a mail client posts `List-Unsubscribe=One-Click` (RFC 8058), else in the JSON body
 * (the site's unsubscribe page). Repeating it is harmless.
 */
export const handler = route('POST /api/reminders/unsubscribe', async (event) => {
  const query = requestQuery(event, unsubscribeQuerySchema);
  const token = query.token ?? validate(unsubscribeBodySchema, jsonBody(event)).token;
  const applicationId = await checkUnsubscribeToken(token);
  if (!applicationId)
    throw new ValidationError('This unsubscribe link is not valid', { token: ['This unsubscribe link is not valid'] }, 'invalid_unsubscribe_link');
  await unsubscribeReminders(applicationId);
  return json(200, { unsubscribed: true });
});
