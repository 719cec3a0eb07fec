import { dollars } from './common.schema.ts';
import type { StatePricing } from './states.ts';
import * as z from './zod.ts';

/** A state's price (docs/product.md section 3, "State"): dollars. */
export const statePricingSchema = z.object({
  code: z.string().check(z.length(2)),
  name: z.string(),
  filingFee: dollars(),
  serviceFee: dollars(),
  totalCost: dollars(),
  /** The state's published standard processing time, or the sentence that it publishes none (the pages' words). */
  processingTime: z.string(),
  processingTimePublished: z.boolean(),
  /** YYYY-MM-DD: when the state's page was read. */
  processingTimeCheckedOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
}) satisfies z.ZodMiniType<StatePricing>;
