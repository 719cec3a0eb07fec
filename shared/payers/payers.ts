import taxForms from '../data/payer-tax-forms.json' with { type: 'json' };
import type { Payer1099Year } from './forms-1099.ts';

/**
 * The payers of an LLC (docs/decisions/0426-w9-switch.md): the platforms and brands that pay the
 * creator, which form each needs and how it is given, the day it was last given. A bounded list
 * on the order's item. Pure: what each payer needs now is derived from the list, the election's
 * effective date and the day (never a stored flag that could drift).
 */

export const MAX_PAYERS_PER_ORDER = 50;

export const PAYER_KINDS = ['platform', 'brand'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export const PAYER_KIND_LABELS: Record<PayerKind, string> = { platform: 'Platform', brand: 'Brand' };

/** Which form the payer needs: a Form W-9, or the platform's own tax page (its online tax interview). */
export const PAYER_FORMS = ['w9', 'platform_tax_page'] as const;
export type PayerForm = (typeof PAYER_FORMS)[number];
export const PAYER_FORM_LABELS: Record<PayerForm, string> = { w9: 'Form W-9', platform_tax_page: 'The platform’s own tax page' };
/**
 * Forms W-8 are not among them (docs/decisions/0437): our orders take owners with US addresses
 * only (every member's address is checked against a US state and ZIP code, and the home state is a
 * US state), and the W-9 values are for such an owner. Said beside the form's choice.
 */
export const W8_NOT_HANDLED =
  'Form W-9, or its values entered on a platform’s own tax page. Forms W-8, for someone who is not a US person, are not handled here: our orders take owners with a US address, and the W-9 values are for them.';

/** How the creator gives it. */
export const PAYER_HOW = ['tax_page', 'email', 'vendor_portal', 'mail', 'other'] as const;
export type PayerHow = (typeof PAYER_HOW)[number];
export const PAYER_HOW_LABELS: Record<PayerHow, string> = {
  tax_page: 'Entered on the platform’s tax page',
  email: 'Emailed to them',
  vendor_portal: 'Uploaded to their vendor portal',
  mail: 'Sent by post',
  other: 'Another way',
};

/** One payer as the order stores it (functions/data/applications/item.ts `payers`). */
export interface StoredPayer {
  id: string;
  name: string;
  kind: PayerKind;
  form: PayerForm;
  how: PayerHow;
  /** YYYY-MM-DD: the day the form was last given (signed, for a platform's tax page). */
  givenOn?: string;
  note?: string;
  /** The election's effective date the creator ticked "W-9 updated" for (the checklist), and the day they ticked it. */
  w9UpdatedFor?: string;
  w9UpdatedOn?: string;
  /** The January 1099 check: what the payer paid each year and the forms recorded (./form-1099-check.ts). */
  forms1099?: Payer1099Year[];
  createdAt: string;
  updatedAt: string;
}

/** The election as the switch reads it: its effective date and the day we recorded the CP261 (YYYY-MM-DD each). */
export interface ElectionInEffect {
  effectiveOn: string;
  /** The day the letter was recorded: a form given before it still carried the old values. */
  recordedOn?: string;
}

/** A tax form's expiry the platform sets, with its source. */
export interface PayerExpiry {
  expiresOn: string;
  rule: string;
  sourceTitle: string;
  sourceUrl: string;
}

export const YOUTUBE_TAX_FORMS = taxForms.youtube;

/** Whether the payer is YouTube (AdSense), by its name: the one platform whose expiry rule our data holds. */
export const isYouTube = (name: string) => taxForms.youtube.matches.some((m) => name.toLowerCase().includes(m));

/**
 * The day a payer's tax form expires, where our data has the platform's rule: YouTube (AdSense)
 * US tax info expires at the end of the third full calendar year after the year of signing
 * (signed in 2024: 31 December 2027). Undefined for other payers, or when no signing day is known.
 */
export function payerExpiry(payer: Pick<StoredPayer, 'name' | 'givenOn'>): PayerExpiry | undefined {
  if (!payer.givenOn || !isYouTube(payer.name)) return undefined;
  const year = Number(payer.givenOn.slice(0, 4));
  return {
    expiresOn: `${year + 3}-12-31`,
    rule: taxForms.youtube.text,
    sourceTitle: taxForms.youtube.source.title,
    sourceUrl: taxForms.youtube.source.url,
  };
}

export type W9Update = 'not-needed' | 'needed' | 'done';

/**
 * Whether the payer must get the new W-9 because the S election took effect: needed until the
 * creator ticks it for this effective date, or gave the form on or after both the effective date
 * and the day the letter was recorded (a form given before carried the old values).
 */
export function w9Update(payer: Pick<StoredPayer, 'givenOn' | 'w9UpdatedFor'>, election: ElectionInEffect | undefined): W9Update {
  if (!election) return 'not-needed';
  if (payer.w9UpdatedFor === election.effectiveOn) return 'done';
  return payer.givenOn && payer.givenOn >= newW9Since(election) ? 'done' : 'needed';
}

/** The first day a form given carries the new values: the effective date, or the day the letter was recorded when later. */
export const newW9Since = (election: ElectionInEffect) =>
  election.recordedOn && election.recordedOn > election.effectiveOn ? election.recordedOn : election.effectiveOn;
