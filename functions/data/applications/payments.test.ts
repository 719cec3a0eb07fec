import { describe, expect, it } from 'vitest';
import { putPricedApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { refusal } from '../../../tests/helpers/refusal.ts';
import { fulfilPayment } from '../payments.ts';
import { markPaid, recordPaymentFailure, toPaymentApplication } from './payments.ts';
import { getApplication } from './reads.ts';

const FL_TOTAL_CENTS = 27500;

describe('the payment writes on an application', () => {
  it('refuses to mark paid what changed since it was read, and fulfilment reads again', async () => {
    const app = await putPricedApplication({}, { id: 'pi_declined', provider: 'stripe' });
    const read = toPaymentApplication(await getApplication(app.id));
    // A concurrent write (here a failed attempt being recorded) bumps the version.
    await recordPaymentFailure(app.id, 'pi_declined', 'Your card was declined');
    const stale = await refusal(markPaid(read, { provider: 'stripe', reference: 'pi_stale', amountCents: FL_TOTAL_CENTS, currency: 'usd' }));
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', version: 1 });
    // Decided again on the current item: the frozen order still matches, so it is paid.
    expect(
      (await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_new', amountCents: FL_TOTAL_CENTS, currency: 'usd' })).outcome,
    ).toBe('fulfilled');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_new', version: 2 });
  });
});
