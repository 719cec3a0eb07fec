import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { boughtFlags } from '#shared/catalog/catalog.ts';
import { recordElectionLetterSchema } from '#shared/s-corp/election.schema.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { orderHolderActor, recordElectionLetter } from '../../data/applications/s-corp-election.ts';
import { mustBePaid } from '../../documents/order/uploads.ts';
import { ConflictError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';

/**
 * The order whose customer records their own S-corporation election (docs/decisions/0432): paid,
 * without the Form 2553 add-on (with it, staff send the form and upload the CP261).
 */
export function selfFiledElectionOrder(app: ApplicationItem): ApplicationItem {
  mustBePaid(app);
  if (boughtFlags(app).form2553)
    throw new ConflictError('We track this election with the Form 2553 you bought: tell us in a message and we record it', 'election_tracked_by_staff');
  return app;
}

/**
 * POST /api/orders/{id}/election/letter (holder only): the customer tells us the IRS acceptance
 * letter (CP261) arrived, with the date it gives; the election shows in effect, the payers to give
 * the new W-9 are emailed, audited with the order as the actor (docs/decisions/0432).
 * 409 order_not_paid, election_tracked_by_staff, version_conflict.
 */
export const handler = route('POST /api/orders/{id}/election/letter', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordElectionLetterSchema);
  const app = selfFiledElectionOrder(await getApplicationForHolder(id, resumeSecret(event)));
  return json(200, orderView(await recordElectionLetter(app, body.effectiveOn, orderHolderActor(app))));
});
