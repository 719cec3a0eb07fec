import { cents, dollars } from './common.schema.ts';
import type { AddOnPrices, OrderPrice, PriceLine, PriceLineKey } from './pricing.ts';
import * as z from './zod.ts';

// Every price line key, each once: `satisfies` fails to compile when one is missing or extra.
const PRICE_LINE_KEYS = {
  filingFee: 'filingFee',
  serviceFee: 'serviceFee',
  expeditedFiling: 'expeditedFiling',
  stateExpediteFee: 'stateExpediteFee',
  feinFiling: 'feinFiling',
  operatingAgreement: 'operatingAgreement',
  form2553: 'form2553',
  dbaRegistration: 'dbaRegistration',
  dbaFee: 'dbaFee',
} as const satisfies { [K in PriceLineKey]: K };

export const priceLineSchema = z.object({ key: z.enum(PRICE_LINE_KEYS), label: z.string(), amount: dollars() }) satisfies z.ZodMiniType<PriceLine>;

/** An order's lines and total; `totalCents` is what a payment provider is asked to charge. */
export const orderPriceSchema = z.object({ lines: z.array(priceLineSchema), total: dollars(), totalCents: cents() }) satisfies z.ZodMiniType<OrderPrice>;

/** The operator's add-on prices an order is priced at, whole dollars (shared/pricing.ts AddOnPrices). */
export const addOnPricesSchema = z.object({ dbaRegistration: dollars(), form2553: dollars() }) satisfies z.ZodMiniType<AddOnPrices>;
