import type { FulfilmentResult } from '../data/payments.ts';
import { HttpError } from '../lib/http.ts';

/** Maps a fulfilment outcome to the HTTP answer of a payment call made by the browser. */
export function fulfilmentToHttp(result: FulfilmentResult): void {
  switch (result.outcome) {
    case 'fulfilled':
    case 'already-recorded':
      return;
    case 'not-found':
      throw new HttpError(404, 'Application not found');
    case 'amount-mismatch':
      throw new HttpError(409, 'The order total changed while you were paying: our team will contact you');
    case 'paid-by-other-payment':
      throw new HttpError(409, 'This application has already been paid: our team will refund the second payment');
  }
}
