import { NO_CONTROL_CHARS } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { AUDIT_ACTION_KEYS, type AuditAction } from './audit.ts';

// The audit view's query schema; the actions list it names is in ./audit.ts.

/** GET /api/staff/audit: filters by person, order and action (any combination), newest first. */
export const auditQuerySchema = z.strictObject({
  /** A person's id, or `unknown` (failed sign-ins for addresses no person has) or `system` (the start-up). */
  personId: z.optional(
    z.string().check(z.regex(/^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|unknown|system)$/, 'Choose a person from the list')),
  ),
  applicationId: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
          'Enter an order id (a UUID such as 6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10)',
        ),
      ),
  ),
  /** The orders found by the staff search (order number, email, name, business name, file number): their entries. */
  order: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'Type at least 2 characters of the order'),
        z.maxLength(100, 'Search for at most 100 characters'),
        z.regex(NO_CONTROL_CHARS, 'Search for letters, digits and punctuation only: control characters are not allowed'),
      ),
  ),
  action: z.optional(z.enum(AUDIT_ACTION_KEYS as [AuditAction, ...AuditAction[]], { error: 'Choose an action from the list' })),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
