import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { uploadIdSchema } from '#shared/orders/documents.schema.ts';
import { recordElectionLetterSchema } from '#shared/s-corp/election.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { orderHolderActor } from '../../data/applications/s-corp-election.ts';
import { recordOwnElectionLetter } from '../../documents/order/uploads.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderView } from '../../orders/view.ts';
import { selfFiledElectionOrder } from './election-letter.ts';

/**
 * POST /api/orders/{id}/election/letter/uploads/{uploadId}/record (holder only): the uploaded
 * CP261 of the customer's own election, checked as the staff uploads are (a PDF of at most 10 MB,
 * or 400 not_a_pdf / file_too_large and it is removed), becomes the order's IRS acceptance letter
 * in the vault (replacing an earlier upload there); the election is in effect from the date it
 * gives, in one write audited with the order as the actor (docs/decisions/0436). 409
 * order_not_paid, election_tracked_by_staff, upload_missing, version_conflict.
 */
export const handler = route('POST /api/orders/{id}/election/letter/uploads/{uploadId}/record', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const uploadId = pathParam(event, 'uploadId', uploadIdSchema);
  const body = requestBody(event, recordElectionLetterSchema);
  const app = selfFiledElectionOrder(await getApplicationForHolder(id, resumeSecret(event)));
  return json(200, orderView(await recordOwnElectionLetter(app, uploadId, body.effectiveOn, orderHolderActor(app))));
});
