import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { continueLinkRequestSchema } from '#shared/orders/requests.schema.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { applicationLocked } from '../../data/applications/wizard.ts';
import { ValidationError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { enqueueEmail } from '../../outbox/outbox.ts';
import { ORDER_LINK_WINDOW_MINUTES } from '../orders/send-link.ts';

/**
 * POST /api/llc-applications/{id}/continue-links: "Email me a link to continue". For the holder
 * of an unpaid application, emails its own address (never one given in the request) a signed
 * link that opens it in any browser; once per window however often it is asked. 200 { sent }.
 */
export const handler = route('POST /api/llc-applications/{id}/continue-links', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  requestBody(event, continueLinkRequestSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (isSettledPayment(app.paymentStatus)) throw applicationLocked();
  if (!app.email) throw new ValidationError('Enter your email in the wizard first: the link is sent there', { email: ['Email is required'] }, 'no_email');
  const window = Math.floor(Date.now() / (ORDER_LINK_WINDOW_MINUTES * 60_000));
  // A draft's link opens the wizard, a submitted one's the checkout.
  const at = app.completed ? 'checkout' : 'wizard';
  await enqueueEmail({
    kind: 'continue_link',
    to: app.email,
    applicationId: id,
    dedupeKey: `continue-link:${id}:${window}`,
    payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', at },
  });
  return json(200, { sent: true });
});
