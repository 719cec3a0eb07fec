import { type AddOnPrices, PRICE_LINE_KEYS, type PriceLineKey, SETTING_PRICED_ADD_ON_KEYS } from './catalog/catalog.ts';
import { cents, dollars } from './common.schema.ts';
import type { OrderPrice, PriceLine } from './pricing.ts';
import * as z from './zod.ts';

export const priceLineSchema = z.object({
  key: z.enum(PRICE_LINE_KEYS as [PriceLineKey, ...PriceLineKey[]]),
  label: z.string(),
  amount: dollars(),
}) satisfies z.ZodMiniType<PriceLine>;

/** An order's lines and total; `totalCents` is what a payment provider is asked to charge. */
export const orderPriceSchema = z.object({ lines: z.array(priceLineSchema), total: dollars(), totalCents: cents() }) satisfies z.ZodMiniType<OrderPrice>;

/** The operator's add-on prices an order is priced at, whole dollars (shared/catalog/catalog.ts AddOnPrices). */
export const addOnPricesSchema = z.object(
  Object.fromEntries(SETTING_PRICED_ADD_ON_KEYS.map((k) => [k, dollars()])) as Record<keyof AddOnPrices, ReturnType<typeof dollars>>,
) satisfies z.ZodMiniType<AddOnPrices>;
