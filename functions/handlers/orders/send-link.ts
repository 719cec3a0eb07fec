import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { orderLinkRequestSchema } from '#shared/orders/requests.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route } from '../../lib/http.ts';
import { enqueueEmail } from '../../outbox/outbox.ts';

/** At most one new link per order in this many minutes, however often it is asked for. */
export const ORDER_LINK_WINDOW_MINUTES = 10;

/**
 * POST /api/orders/{id}/links: emails a fresh order-page link to the address the order was
 * placed with (never to one given in the request). The answer is the same whether or not the
 * order exists or is paid, so it tells nothing about an id. 200 { sent: true }.
 */
export const handler = route('POST /api/orders/{id}/links', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  requestBody(event, orderLinkRequestSchema);
  const app = await getApplication(id).catch((err) => {
    if (hasErrorCode(err, 'application_not_found')) return undefined;
    throw err;
  });
  if (app?.email && app.paymentStatus === 'paid') {
    const window = Math.floor(Date.now() / (ORDER_LINK_WINDOW_MINUTES * 60_000));
    await enqueueEmail({
      kind: 'order_link',
      to: app.email,
      applicationId: id,
      dedupeKey: `order-link:${id}:${window}`,
      payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '' },
    });
  }
  return json(200, { sent: true });
});
