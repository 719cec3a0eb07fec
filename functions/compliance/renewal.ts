import type { RenewalView } from '#shared/compliance/api.schema.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { cancelRenewal } from '../data/applications/order-page.ts';
import { ConflictError } from '../lib/errors.ts';
import { orderNotPaid, renewalView } from './order-calendar.ts';

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
