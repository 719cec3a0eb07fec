import type { FulfilmentResult } from '../data/payments.ts';
import { applicationNotFound, ConflictError } from '../lib/errors.ts';

/** A payment call made by the browser succeeds only when fulfilment recorded its payment. */
export function assertFulfilled(result: FulfilmentResult): void {
  switch (result.outcome) {
    case 'fulfilled':
    case 'already-recorded':
      return;
    case 'not-found':
      throw applicationNotFound();
    case 'needs-review':
      throw new ConflictError(
        'Your payment was received but does not match your order as priced, so our team is reviewing it and will refund or contact you',
        'payment_needs_review',
      );
    case 'paid-by-other-payment':
      throw new ConflictError('This application has already been paid: our team will refund the second payment', 'paid_by_other_payment');
  }
}
