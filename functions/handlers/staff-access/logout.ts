import { staffLogoutSchema } from '#shared/staff/session.schema.ts';
import { endSessionOf } from '../../data/staff-accounts.ts';
import { noContent, requestBody, route } from '../../lib/http.ts';
import { hashToken, staffSessionFor } from '../../lib/sessions.ts';

/** Ends the session named by the staff-token header (or the body's token), with an audit entry. Always 204. */
export const handler = route('POST /api/staff/logout', async (event) => {
  const body = event.jsonBody === undefined ? undefined : requestBody(event, staffLogoutSchema);
  const token = event.headers?.['staff-token'] ?? body?.token;
  const session = token ? await staffSessionFor(token) : undefined;
  if (token && session) await endSessionOf(session.person, session.sessionId, hashToken(token));
  return noContent();
});
