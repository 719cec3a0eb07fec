import { createHash, timingSafeEqual } from 'node:crypto';
import type { RenewalCard } from '#shared/compliance/renewal-charges.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { digitsOnly, type TestCard, testCardOutcome } from '#shared/payments/test-cards.ts';
import { alreadyPaid, beginConfirmation, recordPaymentFailure } from '../data/applications/payments.ts';
import { getApplicationForHolder } from '../data/applications/reads.ts';
import { fulfilPayment } from '../data/payments.ts';
import { cardMode } from '../lib/card-mode.ts';
import { ConflictError, NotFoundError, PaymentRequiredError } from '../lib/errors.ts';
import { assertFulfilled } from './fulfilment.ts';

/**
 * POST /api/test-payments/confirm (local test mode only): the offline stand-in for Stripe's
 * confirmation. The test intent must be the application's open one; its confirmation is marked
 * started before the card is "charged" (so a visitor change can no longer cancel it, as with
 * Stripe), then 4242... is paid through the same fulfilment function as every provider, for the
 * amount frozen when payment started; 4000 0000 0000 0002 is declined.
 */
export async function confirmTestPayment(
  input: { applicationId: string; clientSecret: string; card: TestCard },
  secret: string | undefined,
): Promise<{ status: 'succeeded' }> {
  if ((await cardMode()) !== 'test') throw new NotFoundError('Test payments are not enabled', 'test_payments_not_enabled');
  const intentId = input.clientSecret.split('_secret_')[0];
  let app = await getApplicationForHolder(input.applicationId, secret);
  // A repeated confirmation of the intent that paid the application is a success, not a conflict.
  if (app.paymentStatus === 'paid' && app.paymentReference === intentId) return { status: 'succeeded' };
  if (isSettledPayment(app.paymentStatus)) throw alreadyPaid();
  if (app.paymentIntentId !== intentId || !app.paymentIntentSecretHash || !sameHash(app.paymentIntentSecretHash, sha256(input.clientSecret))) {
    throw new ConflictError('This payment session has expired: refresh the page and try again', 'payment_session_expired');
  }
  const outcome = testCardOutcome(input.card.cardNumber);
  if (!outcome.ok) {
    await recordPaymentFailure(app.id, intentId, outcome.message);
    throw new PaymentRequiredError(outcome.message);
  }
  app = await beginConfirmation(app, intentId);
  const result = await fulfilPayment({
    applicationId: app.id,
    provider: 'test',
    reference: intentId,
    amountCents: app.pricedOrder?.totalCents ?? -1,
    currency: 'usd',
    // Kept for the renewal when the customer agreed at checkout: by its last four digits, as test cards are charged later.
    ...(app.paymentSavesCard ? { card: testRenewalCard(input.card.cardNumber) } : {}),
  });
  assertFulfilled(result);
  return { status: 'succeeded' };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A test card kept for the renewal: no number, only the last four digits that decide how a later charge goes. */
function testRenewalCard(cardNumber: string): RenewalCard {
  const last4 = digitsOnly(cardNumber).slice(-4);
  return { provider: 'test', paymentMethodId: `pm_test_${last4}`, last4, savedAt: new Date().toISOString() };
}
