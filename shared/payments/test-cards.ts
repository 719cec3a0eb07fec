/**
 * Offline test mode (local only): the card numbers that behave like Stripe's test cards.
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0027 6000 3184, like
 * Stripe's, pays while the customer is there (offline, as if they confirmed with their bank)
 * and asks for authentication on every charge made without them (a renewal).
 */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINE = '4000000000000002';
export const TEST_CARD_AUTHENTICATION_REQUIRED = '4000002760003184';
export const DECLINE_MESSAGE = 'Your card was declined.';
export const UNKNOWN_TEST_CARD_MESSAGE = 'Use test card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.';

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

export type TestCardOutcome = { ok: true } | { ok: false; message: string };

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = digitsOnly(cardNumber);
  if (digits === TEST_CARD_SUCCESS || digits === TEST_CARD_AUTHENTICATION_REQUIRED) return { ok: true };
  if (digits === TEST_CARD_DECLINE) return { ok: false, message: DECLINE_MESSAGE };
  return { ok: false, message: UNKNOWN_TEST_CARD_MESSAGE };
}

/** A card saved in test mode, as the renewal charges it without the customer: by its last four digits. */
export type OffSessionOutcome = { ok: true } | { ok: false; code: 'card_declined' | 'authentication_required'; message: string };

export function testCardOffSessionOutcome(last4: string): OffSessionOutcome {
  if (last4 === TEST_CARD_SUCCESS.slice(-4)) return { ok: true };
  if (last4 === TEST_CARD_AUTHENTICATION_REQUIRED.slice(-4))
    return { ok: false, code: 'authentication_required', message: 'This payment requires the cardholder to authenticate it.' };
  return { ok: false, code: 'card_declined', message: DECLINE_MESSAGE };
}

/** MM/YY in the current month or later. */
export function expiryIsValid(expiry: string, now = new Date()): boolean {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** The test card form's fields (its schema, the same in the browser and on the server, is in requests.schema.ts). */
export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
  zip: string;
}
