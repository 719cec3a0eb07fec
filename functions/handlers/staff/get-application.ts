import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { toStaffApplication } from '../../data/applications/staff.ts';
import { json, pathParam, route } from '../../lib/http.ts';

/** One application for the staff modal, e.g. opened from a ticket about the order. */
export const handler = route('GET /api/staff/applications/{id}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, toStaffApplication(await getApplication(id)));
});
