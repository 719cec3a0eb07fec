import * as z from '#shared/zod.ts';
import { signInStaff } from '../../data/sessions.ts';
import { httpHandler, json, sourceIp, validate } from '../../lib/http.ts';

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
  return json(200, await signInStaff(password, sourceIp(event)));
});
