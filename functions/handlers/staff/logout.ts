import * as z from '#shared/zod.ts';
import { hashToken, staffSessionFor } from '../../data/sessions.ts';
import { endSessionOf } from '../../data/staff-accounts.ts';
import { httpHandler, validate } from '../../lib/http.ts';

const logoutSchema = z.optional(z.strictObject({ token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,256}$/, 'token is not a staff token'))) }));

/** Ends the session named by the staff-token header (or the body's token), with an audit entry. Always 204. */
export const handler = httpHandler(async (event) => {
  const body = event.jsonBody === undefined ? undefined : validate(logoutSchema, event.jsonBody);
  const token = event.headers?.['staff-token'] ?? body?.token;
  const session = token ? await staffSessionFor(token) : undefined;
  if (token && session) await endSessionOf(session.person, session.sessionId, hashToken(token));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
