import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { detailsChaseSchema } from '#shared/staff/work-queue.schema.ts';
import { chaseDetails } from '../../data/applications/chase.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** "Chase": the filing-details reminder emailed again to a paid order waiting for its details (audited). */
export const handler = route('POST /api/staff/applications/{id}/details-chase', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  requestBody(event, detailsChaseSchema);
  return json(200, await chaseDetails(id, staffActor(event)));
});
