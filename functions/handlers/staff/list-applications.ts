import { applicationListQuerySchema } from '#shared/staff/applications.ts';
import { InvalidCursorError } from '../../data/cursor.ts';
import { listApplications } from '../../data/staff-applications.ts';
import { HttpError, httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const query = validate(applicationListQuerySchema, event.queryStringParameters ?? {}, 'Query');
  try {
    return json(200, await listApplications(query));
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new HttpError(400, err.message);
    throw err;
  }
});
