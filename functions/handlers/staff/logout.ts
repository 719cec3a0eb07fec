import { staffLogoutSchema } from '#shared/staff/session.schema.ts';
import { hashToken, staffSessionFor } from '../../data/sessions.ts';
import { endSessionOf } from '../../data/staff-accounts.ts';
import { httpHandler, validate } from '../../lib/http.ts';

/** Ends the session named by the staff-token header (or the body's token), with an audit entry. Always 204. */
export const handler = httpHandler(async (event) => {
  const body = event.jsonBody === undefined ? undefined : validate(staffLogoutSchema, event.jsonBody);
  const token = event.headers?.['staff-token'] ?? body?.token;
  const session = token ? await staffSessionFor(token) : undefined;
  if (token && session) await endSessionOf(session.person, session.sessionId, hashToken(token));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
