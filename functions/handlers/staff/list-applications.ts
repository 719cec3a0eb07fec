import { applicationListQuerySchema } from '#shared/staff/applications.schema.ts';
import { findApplicationsForStaff } from '../../data/applications/search.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/applications', async (event) => {
  const query = requestQuery(event, applicationListQuerySchema);
  return json(200, await findApplicationsForStaff(query));
});
