import type { RenewalCard } from '#shared/compliance/renewal-charges.ts';
import { renewalFailureSentence } from '#shared/compliance/renewal-charges.ts';
import { testCardOffSessionOutcome } from '#shared/payments/test-cards.ts';
import { cardMode } from '../lib/card-mode.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { logger } from '../lib/logger.ts';

/**
 * An off-session charge of the card kept at checkout (`renewalCard`), for a recurring service the
 * customer agreed to: the registered agent renewal (./renewal-charge.ts) and the annual reports
 * filed for the customer (./annual-report.ts). The Stripe call carries `idempotencyKey`, so a
 * retry after a crash gets the first call's answer.
 */
export type ChargeResult =
  | { kind: 'paid'; reference: string }
  | { kind: 'failed'; code: string; message: string }
  /** The provider could not be reached or answered an error that is not the card's: the lease runs out and a later sweep tries again. */
  | { kind: 'retry'; reason: string };

export interface OffSessionCharge {
  applicationId: string;
  amountCents: number;
  idempotencyKey: string;
  /** The PaymentIntent's description (the customer's bank statement detail and the dashboard). */
  description: string;
  /** Stripe metadata: `purpose` routes the webhook; the rest names what is paid. */
  metadata: Record<string, string>;
}

export async function chargeSavedCard(card: RenewalCard | undefined, charge: OffSessionCharge): Promise<ChargeResult> {
  if (!card) return { kind: 'failed', code: 'no_card', message: renewalFailureSentence('no_card') };
  const mode = await cardMode();
  if (card.provider === 'test') {
    // A test card exists only where test payments run; on a live stack it is no card at all.
    if (mode !== 'test') return { kind: 'failed', code: 'no_card', message: renewalFailureSentence('no_card') };
    const outcome = testCardOffSessionOutcome(card.last4 ?? '');
    if (!outcome.ok) return { kind: 'failed', code: outcome.code, message: renewalFailureSentence(outcome.code, outcome.message) };
    return { kind: 'paid', reference: `pi_test_${charge.idempotencyKey.replace(/\W/g, '_')}` };
  }
  const stripe = mode === 'stripe' ? await stripeClient() : undefined;
  if (!stripe) return { kind: 'retry', reason: 'card payments are not configured' };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: 'usd',
        customer: card.customerId,
        payment_method: card.paymentMethodId,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: { applicationId: charge.applicationId, ...charge.metadata },
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    if (intent.status === 'succeeded') return { kind: 'paid', reference: intent.id };
    if (intent.status === 'requires_action' || intent.status === 'requires_payment_method')
      return { kind: 'failed', code: 'authentication_required', message: renewalFailureSentence('authentication_required') };
    return { kind: 'retry', reason: `the payment is ${intent.status}` };
  } catch (err) {
    const e = err as { type?: string; code?: string; message?: string };
    if (e.type === 'StripeCardError') {
      const code = e.code ?? 'card_declined';
      return { kind: 'failed', code, message: renewalFailureSentence(code, e.message) };
    }
    logger.warn('off-session charge not made: provider error', { applicationId: charge.applicationId, key: charge.idempotencyKey, error: e.message });
    return { kind: 'retry', reason: e.message ?? 'provider error' };
  }
}
