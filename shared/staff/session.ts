import * as z from '../zod.ts';

/** POST /api/staff/login */
export const staffLoginSchema = z.strictObject({
  password: z.string({ error: 'Password is required' }).check(
    z.minLength(1, 'Password is required'),
    z.maxLength(1024, 'Password is too long'),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    z.regex(/^[^\u0000-\u001f\u007f]*$/, 'Password contains control characters'),
  ),
});
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/** POST /api/staff/logout: the token comes in the staff-token header, or (optionally) in the body. */
export const staffLogoutSchema = z.optional(
  z.strictObject({ token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,256}$/, 'token is not a staff token'))) }),
);
