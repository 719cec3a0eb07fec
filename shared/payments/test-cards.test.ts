import { describe, expect, it } from 'vitest';
import { testCardSchema } from './requests.schema.ts';
import { expiryIsValid, testCardOutcome, UNKNOWN_TEST_CARD_MESSAGE } from './test-cards.ts';

describe('test cards', () => {
  it('4242 succeeds, 4000 0000 0000 0002 is declined, anything else is refused', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(testCardOutcome('4000-0000-0000-0002')).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(testCardOutcome('5555555555554444').ok).toBe(false);
    // Refused with the hint to use a test card, not as a decline.
    expect(testCardOutcome('5555555555554444')).toEqual({ ok: false, message: UNKNOWN_TEST_CARD_MESSAGE });
  });
  it('checks the expiry against today', () => {
    const now = new Date('2026-05-15');
    expect(expiryIsValid('05/26', now)).toBe(true);
    expect(expiryIsValid('04/26', now)).toBe(false);
    expect(expiryIsValid('13/30', now)).toBe(false);
    expect(expiryIsValid('00/30', now)).toBe(false);
    expect(expiryIsValid('01/27', now)).toBe(true);
    expect(expiryIsValid('12/25', now)).toBe(false);
    expect(expiryIsValid('1230', now)).toBe(false);
  });
  it('validates the form fields', () => {
    expect(testCardSchema.safeParse({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' }).success).toBe(true);
    const bad = testCardSchema.safeParse({ cardNumber: '42', expiry: '12/40', cvc: '1', zip: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['cardNumber', 'cvc', 'zip']);
  });
});
