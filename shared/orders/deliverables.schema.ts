import * as z from '../zod.ts';
import { DELIVERABLE_KEYS, type Deliverable } from './deliverables.ts';

/** One line of an order's deliverables checklist (shared/orders/deliverables.ts), as the order page and the staff view answer it. */
export const deliverableSchema = z.object({
  key: z.enum(DELIVERABLE_KEYS),
  label: z.string(),
  by: z.enum(['us', 'customer']),
  delivered: z.boolean(),
  deliveredAt: z.optional(z.string()),
  status: z.string(),
  missing: z.optional(z.string()),
}) satisfies z.ZodMiniType<Deliverable>;
