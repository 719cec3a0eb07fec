import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/**
 * The home-state registration's staff schemas (docs/decisions/0429): the fee confirmation staff
 * send, and the panel the staff modal shows.
 */

/** POST /api/staff/applications/{id}/home-state-fee: the home state's fee as staff checked it with the state. */
export const confirmHomeStateFeeSchema = z.strictObject({
  /** US dollars, cents allowed (a state's fee may have cents). */
  usd: z.number({ error: 'Enter the fee in US dollars' }).check(
    z.nonnegative('The fee cannot be negative'),
    z.lte(10000, 'The fee must be at most $10,000'),
    z.refine((v) => Math.round(v * 100) === v * 100, 'The fee must be whole cents'),
  ),
  /** Where it was checked (the state's fee page, a call). */
  note: z.optional(text('Where you checked it', 500, { multiline: true })),
});
export type ConfirmHomeStateFee = z.infer<typeof confirmHomeStateFeeSchema>;

/** The staff modal's panel: the home state, the fee of our data (draft) and the confirmed one, the steps. */
export const homeRegistrationViewSchema = z.object({
  home: z.string(),
  homeName: z.string(),
  formationName: z.string(),
  /** Our data's fee (a draft figure); null where the data has none or the state is not researched. */
  dataFeeUsd: z.nullable(z.number()),
  source: z.optional(z.object({ name: z.string(), url: z.string(), verifiedAt: z.string() })),
  confirmed: z.optional(z.object({ usd: z.number(), confirmedAt: z.string(), confirmedBy: z.string(), note: z.optional(z.string()) })),
  /** The add-on's state on the order: not bought, a payment under way, paid. */
  bought: z.enum(['no', 'pending', 'paid']),
  goodStanding: z.string(),
  steps: z.array(z.string()),
});
export type HomeRegistrationView = z.infer<typeof homeRegistrationViewSchema>;
