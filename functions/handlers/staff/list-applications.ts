import { applicationListQuerySchema } from '#shared/staff/applications.schema.ts';
import { listApplicationsForStaff } from '../../data/applications/staff.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/applications', async (event) => {
  const query = requestQuery(event, applicationListQuerySchema);
  return json(200, await listApplicationsForStaff(query));
});
