import * as z from '#shared/zod.ts';
import { signInStaff } from '../../data/sessions.ts';
import { HttpError, httpHandler, json, sourceIp, validate } from '../../lib/http.ts';

const loginSchema = z.strictObject({
  password: z.string({ error: 'Password is required' }).check(
    z.minLength(1, 'Password is required'),
    z.maxLength(1024, 'Password is too long'),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    z.regex(/^[^\u0000-\u001f\u007f]*$/, 'Password contains control characters'),
  ),
});

export const handler = httpHandler(async (event) => {
  const { password } = validate(loginSchema, event.jsonBody);
  const result = await signInStaff(password, sourceIp(event));
  switch (result.kind) {
    case 'ok':
      return json(200, { token: result.token, expiresAt: result.expiresAt });
    case 'invalid':
      throw new HttpError(401, 'Invalid credentials');
    case 'locked':
      throw new HttpError(429, 'Too many failed login attempts; try again later', undefined, { 'retry-after': String(result.retryAfterSeconds) });
    case 'not-configured':
      throw new HttpError(503, 'Staff login is not configured yet');
  }
});
