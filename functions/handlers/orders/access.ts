import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { orderAccessSchema } from '#shared/orders/requests.schema.ts';
import { grantOrderAccess } from '../../data/applications/order-page.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { applicationNotFound, ForbiddenError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route } from '../../lib/http.ts';
import { checkOrderToken } from '../../orders/order-link.ts';
import { orderView } from '../../orders/view.ts';

/**
 * POST /api/orders/{id}/access: the order page exchanges the signed token of an email link
 * (carried in the URL fragment, so never logged) for a secret that opens the order in this
 * browser, with the order's view, so the page needs no second round trip to show it
 * (docs/decisions/0451). 200 { resumeSecret, order } | 403 link_expired (the page offers a new link) | 404 a token
 * that is not this order's, or an order that does not exist | 403 link_superseded: a link
 * mailed to the order's address before it changed.
 */
export const handler = route('POST /api/orders/{id}/access', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { token } = requestBody(event, orderAccessSchema);
  const app = await getApplication(id);
  const check = await checkOrderToken(id, token, Date.now(), app.emailVersion ?? 0);
  if (check === 'invalid') throw applicationNotFound();
  if (check === 'expired') throw new ForbiddenError('This link has expired: ask for a new one below and we will email it to you', 'link_expired');
  // A link mailed before the order's email address changed (docs/decisions/0409).
  if (check === 'superseded')
    throw new ForbiddenError(
      'This link was sent before the order’s email address changed, so it no longer opens the order: ask for a new one below and we will email it to the address on file',
      'link_superseded',
    );
  const resumeSecret = await grantOrderAccess(app);
  // The order as stored now: the grant moved its version, which the page's next save sends.
  return json(200, { resumeSecret, order: orderView(await getApplication(id)) });
});
