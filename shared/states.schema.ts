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
  processingTime: z.string(),
}) satisfies z.ZodMiniType<StatePricing>;
