import { applicationIdSchema } from '../application-id.schema.ts';
import { int } from '../common.schema.ts';
import * as z from '../zod.ts';
import { staffApplicationSchema } from './applications.schema.ts';
import { staffIdSchema } from './people.schema.ts';

/**
 * Who works an order (docs/product.md section 9, "Assignment"): one person at a time, set at the
 * version the person assigning saw, so two people never take the same order unawares.
 */

/** PUT /api/staff/applications/{id}/assignee: `personId` null leaves the order to nobody. */
export const assignSchema = z.strictObject({
  personId: z.nullable(staffIdSchema),
  /** The order's version as the person saw it: a change meanwhile is a 409 version_conflict. */
  version: int(),
});
export type Assign = z.infer<typeof assignSchema>;

/** Orders one bulk action takes at most (a queue page). */
export const BULK_MAX = 25;
export const BULK_ACTIONS = ['assign', 'start_processing'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** POST /api/staff/applications/bulk: each order written on its own, at its version. */
export const bulkActionSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: `Action must be one of ${BULK_ACTIONS.join(', ')}` }),
    orders: z.array(z.strictObject({ id: applicationIdSchema, version: int() })).check(
      z.minLength(1, 'Choose at least one order'),
      z.maxLength(BULK_MAX, `At most ${BULK_MAX} orders at a time`),
      z.refine((os) => new Set(os.map((o) => o.id)).size === os.length, 'Each order once'),
    ),
    /** assign: to whom (null: to nobody). */
    personId: z.optional(z.nullable(staffIdSchema)),
  })
  .check(z.refine((b) => b.action !== 'assign' || b.personId !== undefined, { message: 'Say whom to assign the orders to', path: ['personId'] }));
export type BulkActionRequest = z.infer<typeof bulkActionSchema>;

/** What a bulk action did: the orders it changed, and each one it did not with why. */
export const bulkResultSchema = z.object({
  done: z.array(staffApplicationSchema),
  failed: z.array(z.object({ id: z.string(), code: z.string(), error: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** GET /api/staff/assignees: the people an order can be assigned to. */
export const assigneesSchema = z.object({
  people: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
});
