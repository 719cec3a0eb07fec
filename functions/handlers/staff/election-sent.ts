import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { recordElectionSentSchema } from '#shared/s-corp/election.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { recordElectionSent } from '../../data/applications/s-corp-election.ts';
import { mustBePaid } from '../../documents/order/uploads.ts';
import { soldOrder, staffDocuments } from '../../documents/order/view.ts';
import { ConflictError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/election: the Form 2553 recorded as sent (fax or mail, the
 * day, the number or address used), audited; the order then shows the election waiting for the
 * IRS letter (CP261) with its due date (docs/decisions/0422-election-tracked.md).
 */
export const handler = route('POST /api/staff/applications/{id}/election', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, recordElectionSentSchema);
  const app = await getApplication(id);
  mustBePaid(app);
  if (!soldOrder(app).form2553) throw new ConflictError('This order did not buy the Form 2553 worksheet: there is no election to track', 'election_not_bought');
  return json(200, staffDocuments(await recordElectionSent(app, body, staffActor(event))));
});
