import { PRICE_SETTING_KEYS, type PriceSettingKey } from '../catalog/catalog.ts';
import { findState } from '../states.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';
import { type OperatorSettings, SOCIAL_NETWORKS, type SocialNetwork } from './facts.ts';

/**
 * The schemas of the operator's settings (./facts.ts has the data and what is made of it): the
 * owner's edit in the dashboard and the PUT that saves it are checked by the same ones. Nothing
 * about the operator is written into the code: an unset value is left out of what customers see,
 * and staff see a notice naming it.
 */

const ZIP = /^\d{5}(?:-\d{4})?$/;
const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|pmb\b|private\s+mail\s*box)/i;

const stateCode = z.string({ error: 'Choose a state' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((c) => Boolean(findState(c)), 'Choose a state'),
);

/** A US street address (the same fields as a filing address, shared/filing/details.schema.ts). */
export const operatorAddressSchema = z.strictObject({
  line1: text('Street address', 120, { min: 1 }),
  line2: z.optional(text('Address line 2', 120)),
  city: text('City', 80, { min: 1 }),
  state: stateCode,
  zip: z.string({ error: 'ZIP code must be text' }).check(z.trim(), z.regex(ZIP, 'Enter a 5-digit ZIP code (or ZIP+4)')),
});

const httpsUrl = (what: string) =>
  z
    .string({ error: `${what} must be a link` })
    .check(z.trim(), z.maxLength(500, `${what} is limited to 500 characters`), z.regex(/^https:\/\/[^\s<>"]+$/, `${what} must be an https:// link`));

const wholeDollars = () =>
  z
    .number({ error: 'Enter the price in whole dollars' })
    .check(z.int('Enter the price in whole dollars'), z.gte(0, 'The price cannot be negative'), z.lte(5000, 'At most $5,000'));

/** Everything the owner sets. `null` (or an absent optional) means "not set". */
export const operatorSettingsFields = {
  /** The company's legal name, as registered (e.g. "Creator Filings LLC"). */
  legalName: z.nullable(text('Legal name', 200, { min: 1 })),
  /** Where the company can be reached by post: on the legal pages, the footer and every email. */
  address: z.nullable(operatorAddressSchema),
  supportEmail: z.nullable(z.pipe(text('Support email', 254, { min: 1 }), z.email('Enter a valid email address'))),
  supportPhone: z.nullable(
    text('Support phone', 40, { min: 1 }).check(z.regex(/^\+?[\d\s().-]{7,}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i, 'Enter a phone number, e.g. +1 305 555 0100')),
  ),
  /** Each price of the catalog the operator sets, whole US dollars; null keeps its default. */
  ...(Object.fromEntries(PRICE_SETTING_KEYS.map((k) => [k, z.nullable(wholeDollars())])) as Record<
    PriceSettingKey,
    z.ZodMiniNullable<ReturnType<typeof wholeDollars>>
  >),
  /** The refund terms in the operator's words, shown on the Refund Policy page. */
  refundTerms: z.nullable(text('Refund terms', 5000, { min: 1, multiline: true })),
  /** Optional: a live chat; the footer shows "Live Chat" only when set. */
  liveChatUrl: z.nullable(httpsUrl('Live chat link')),
  /** Optional: the profiles the footer links to; a network without a link is not shown. */
  socialLinks: z.strictObject(
    Object.fromEntries(Object.entries(SOCIAL_NETWORKS).map(([key, name]) => [key, z.optional(httpsUrl(`${name} link`))])) as Record<
      SocialNetwork,
      z.ZodMiniOptional<ReturnType<typeof httpsUrl>>
    >,
  ),
  /** Our registered-agent offices, one per state we act in: the filing documents name the one in the filing state. */
  registeredAgentOffices: z.array(operatorAddressSchema).check(
    z.maxLength(51, 'One office per state at most'),
    z.refine((offices) => new Set(offices.map((o) => o.state)).size === offices.length, 'One office per state at most'),
  ),
  /** The privacy filing's address (a street address: it stands as a principal office) and organizer; null: not offered. */
  privacyFiling: z.optional(
    z.nullable(
      z.strictObject({
        address: operatorAddressSchema.check(
          z.refine((a) => !PO_BOX.test(a.line1) && !PO_BOX.test(a.line2 ?? ''), {
            error: 'A PO box is not a street address: the filing uses it as a principal office',
            path: ['line1'],
          }),
        ),
        organizer: text('Organizer', 120, { min: 1 }),
      }),
    ),
  ),
};

export const operatorSettingsSchema = z.strictObject(operatorSettingsFields);
// The schema describes exactly the settings of ./facts.ts: a field added to one and not the other does not compile.
const _sameShape: [z.infer<typeof operatorSettingsSchema>, OperatorSettings] extends [OperatorSettings, z.infer<typeof operatorSettingsSchema>] ? true : never =
  true;
void _sameShape;

/** PUT /api/staff/operator-settings: every setting, and the version read (a conditional write). */
export const operatorSettingsUpdateSchema = z.strictObject({
  ...operatorSettingsFields,
  version: z.number().check(z.int(), z.nonnegative()),
});
export type OperatorSettingsUpdate = z.infer<typeof operatorSettingsUpdateSchema>;

/** GET /api/staff/registered-agent-gaps: states with open orders and no office of ours (shared/operator/facts.ts agentOfficeGaps). */
export const agentOfficeGapsSchema = z.object({
  states: z.array(z.object({ state: z.string(), openOrders: z.number(), choseOurAgent: z.number() })),
});
export type AgentOfficeGaps = z.infer<typeof agentOfficeGapsSchema>;
