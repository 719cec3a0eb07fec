import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { orderAccessSchema } from '#shared/orders/requests.schema.ts';
import { grantOrderAccess } from '../../data/applications/order-page.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { applicationNotFound, ForbiddenError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route } from '../../lib/http.ts';
import { checkOrderToken } from '../../orders/order-link.ts';

/**
 * POST /api/orders/{id}/access: the order page exchanges the signed token of an email link
 * (carried in the URL fragment, so never logged) for a secret that opens the order in this
 * browser. 200 { resumeSecret } | 403 link_expired (the page offers a new link) | 404 a token
 * that is not this order's, or an order that does not exist.
 */
export const handler = route('POST /api/orders/{id}/access', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { token } = requestBody(event, orderAccessSchema);
  const check = await checkOrderToken(id, token);
  if (check === 'invalid') throw applicationNotFound();
  if (check === 'expired') throw new ForbiddenError('This link has expired: ask for a new one below and we will email it to you', 'link_expired');
  const app = await getApplication(id);
  return json(200, { resumeSecret: await grantOrderAccess(app) });
});
