import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { reopenSchema } from '#shared/staff/applications.schema.ts';
import { reopenOrder } from '../../data/applications/staff.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** POST /api/staff/applications/{id}/reopen: an owner moves a completed order back to filed, with the reason (audited). */
export const handler = route('POST /api/staff/applications/{id}/reopen', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { reason } = requestBody(event, reopenSchema);
  return json(200, await reopenOrder(id, reason, staffActor(event)));
});
