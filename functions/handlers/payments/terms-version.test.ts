import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '#shared/legal/versions.ts';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as listApplications } from '../staff/list-applications.ts';
import { handler as createIntent } from './create-payment-intent.ts';
import { handler as testConfirm } from './test-confirm.ts';

/**
 * The order records the Terms of Service version the customer agreed to ("By proceeding you agree
 * to our Terms of Service") when its payment starts, and staff see it.
 */
describe('the terms version agreed at payment', () => {
  it('is stored on the order when payment starts, kept once paid, and shown to staff', async () => {
    const app = await putApplication();
    expect((await readApplication(app.id))?.termsVersion).toBeUndefined();
    const intent = await invoke(
      createIntent,
      apiEvent({ method: 'POST', route: '/api/create-payment-intent', body: { amount: 27500, applicationId: app.id, provider: 'stripe' } }),
    );
    expect(intent.status).toBe(200);
    expect((await readApplication(app.id))?.termsVersion).toBe(TERMS_VERSION);
    const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', zip: '10001' };
    const paid = await invoke(
      testConfirm,
      apiEvent({ method: 'POST', route: '/api/test-payments/confirm', body: { applicationId: app.id, clientSecret: intent.body.clientSecret, card } }),
    );
    expect(paid.status).toBe(200);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', termsVersion: TERMS_VERSION });
    const list = await invoke(listApplications, apiEvent({ method: 'GET', route: '/api/staff/applications', headers: await staffHeaders() }));
    expect(list.body.items.find((a: { id: string }) => a.id === app.id)).toMatchObject({ termsVersion: TERMS_VERSION });
  });
});
