import type { RenewalView } from '#shared/compliance/api.schema.ts';
import type { FilingDetails, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { cancelRenewal } from '../data/applications/order-page.ts';
import { ConflictError } from '../lib/errors.ts';
import { orderNotPaid, renewalView } from './order-calendar.ts';

/**
 * The renewal price an answer of the filing form agrees to: the one agreed before while the
 * consent stands (correcting an address does not re-price a renewal already agreed), else the
 * price in force now, which the form showed.
 */
export function renewalPriceAgreed(
  before: StoredFilingDetails['registeredAgent'] | undefined,
  answer: FilingDetails['registeredAgent'],
  priceNowUsd: number,
): number {
  const agreedBefore = before?.kind === 'ours' && before.renewalConsent === true ? before.renewalPriceUsd : undefined;
  return answer.kind === 'ours' && answer.renewalConsent === true && agreedBefore !== undefined ? agreedBefore : priceNowUsd;
}

/**
 * Cancels the registered agent renewal of a paid order, in one step. Cancelling again answers the
 * same cancellation; an order without an agreed renewal has nothing to cancel (409 no_renewal).
 */
export async function cancelRegisteredAgentRenewal(app: ApplicationItem): Promise<RenewalView> {
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  const view = renewalView(app);
  if (view.status === 'cancelled') return view;
  if (view.status !== 'renews') {
    throw new ConflictError(
      view.status === 'own-agent'
        ? 'You named your own registered agent: there is no renewal of ours to cancel'
        : 'There is no registered agent renewal to cancel: you have not agreed to one',
      'no_renewal',
    );
  }
  const cancelledAt = await cancelRenewal(app);
  return renewalView({ ...app, renewalCancelledAt: cancelledAt });
}
