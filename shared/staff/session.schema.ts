import * as z from '../zod.ts';

/** POST /api/staff/login: email and password (./people.ts). */
export { type StaffLoginInput, staffLoginSchema } from './people.schema.ts';

/** POST /api/staff/logout: the token comes in the staff-token header, or (optionally) in the body. */
export const staffLogoutSchema = z.optional(
  z.strictObject({ token: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,256}$/, 'token is not a staff token'))) }),
);
