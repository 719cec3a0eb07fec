import { applicationListQuerySchema } from '#shared/staff/applications.schema.ts';
import { listApplicationsForStaff } from '../../data/applications/staff.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const query = validate(applicationListQuerySchema, event.queryStringParameters ?? {}, 'Query');
  return json(200, await listApplicationsForStaff(query));
});
