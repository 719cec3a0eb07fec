import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordElectionSentSchema } from '#shared/s-corp/election.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { orderHolderActor, recordElectionSent } from '../../data/applications/s-corp-election.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';
import { selfFiledElectionOrder } from './election-letter.ts';

/**
 * POST /api/orders/{id}/election (holder only): the customer records the Form 2553 they sent
 * themselves (fax or mail, the day, the number or address used), with the staff route's schema,
 * audited with the order as the actor (docs/decisions/0432). 409 order_not_paid,
 * election_tracked_by_staff (the order bought the Form 2553 add-on), version_conflict.
 */
export const handler = route('POST /api/orders/{id}/election', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordElectionSentSchema);
  const app = selfFiledElectionOrder(await getApplicationForHolder(id, resumeSecret(event)));
  return json(200, orderView(await recordElectionSent(app, body, orderHolderActor(app))));
});
