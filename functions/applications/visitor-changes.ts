import type { WizardData, WizardPatch } from '#shared/wizard/data.schema.ts';
import { cancelPendingPayment } from '../data/applications/payments.ts';
import { getApplicationForHolder } from '../data/applications/reads.ts';
import { applicationLocked, paymentInProgress, saveApplication, submitApplication } from '../data/applications/wizard.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { hasErrorCode } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { fulfilStripeIntent } from '../payments/stripe-intent.ts';

/**
 * A visitor's change to their application (autosave, add-on toggles, going back from checkout,
 * submission). Until a payment starts, anything may change. Once one has started (a payment
 * intent or session exists) the order is frozen: a change first cancels that payment, at the
 * provider where money could still move, and only then applies, so the next payment is priced
 * afresh. If the provider has already taken or is taking the money, the change is refused (409
 * payment_in_progress). Once paid, every change is refused (409 application_locked) with the
 * way to ask for one (the Contact page).
 */
export async function changeApplication(id: string, secret: string, change: { patch: WizardPatch } | { submit: WizardData }): Promise<void> {
  const apply = () => ('submit' in change ? submitApplication(id, secret, change.submit) : saveApplication(id, secret, change.patch));
  try {
    await apply();
    return;
  } catch (err) {
    if (!hasErrorCode(err, 'payment_pending')) throw err;
  }
  const app = await getApplicationForHolder(id, secret);
  await cancelAtProvider(app.id, app.paymentIntentProvider, app.paymentIntentId);
  await cancelPendingPayment(app);
  await apply();
}

/**
 * Where the money moves without us (Stripe: the browser confirms the intent with Stripe), the
 * intent is cancelled there first; Stripe refuses to cancel one that succeeded or is
 * processing, and then so do we. The other providers complete on our server, which marks the
 * confirmation started before taking money, so clearing our record is enough.
 */
async function cancelAtProvider(applicationId: string, provider: string | undefined, intentId: string | undefined): Promise<void> {
  if (provider !== 'stripe' || !intentId) return;
  const stripe = await stripeClient();
  if (!stripe) return;
  try {
    await stripe.paymentIntents.cancel(intentId);
  } catch (err) {
    const intent = await stripe.paymentIntents.retrieve(intentId).catch(() => undefined);
    if (intent?.status === 'canceled') return;
    // Paid at Stripe while its webhook is not recorded yet (a crashed delivery waits for its
    // retry): record the payment now, so the customer sees a paid order, not a change refused forever.
    if (intent?.status === 'succeeded') {
      const { outcome } = await fulfilStripeIntent(intent, applicationId);
      if (outcome === 'fulfilled' || outcome === 'already-recorded') throw applicationLocked();
    }
    logger.warn('could not cancel the open payment intent', { intentId, status: intent?.status, error: err as Error });
    throw paymentInProgress();
  }
}
