import type { AfterPaymentKey } from '../catalog/catalog.ts';

/**
 * The Refund Policy's rule for each add-on sold after payment (docs/decisions/0424), in the
 * policy's words. Keyed by the catalog's after-payment keys: an add-on newly sold after payment
 * does not compile until its rule is written here. Names are spelled here rather than read from
 * the catalog, so the policy page does not load the catalog and the state data behind it.
 */
export const PURCHASE_REFUND_RULES: Record<AfterPaymentKey, { name: string; rule: string }> = {
  feinFiling: {
    name: 'FEIN (EIN) filing',
    rule: 'refunded in full until we apply to the IRS for your EIN; once we have applied, the IRS has assigned the number and the fee is not refunded.',
  },
  operatingAgreement: {
    name: 'Operating agreement template',
    rule: 'refunded in full until the agreement is in your vault; once it is there, it has been delivered and is not refunded.',
  },
  form2553: {
    name: 'Form 2553 prepared for you',
    rule: 'refunded in full until the filled worksheet is in your vault; once it is there, it has been delivered and is not refunded.',
  },
  dbaRegistration: {
    name: 'DBA: your creator name registered',
    rule: 'refunded in full until we file the name with the state or the county clerk; once it is filed, the office keeps its filing fee and ours has been earned, so neither is refunded.',
  },
  homeStateRegistration: {
    name: 'Home-state registration',
    rule: 'refunded in full until we file the registration with your home state; once it is filed, the home state keeps its fee and ours has been earned, so neither is refunded.',
  },
};
