import { updateContentSchema } from '#shared/content/content-item.ts';
import { ContentConflictError, ContentNotFoundError } from '../../data/content.ts';
import { updateContentItem } from '../../data/content-writes.ts';
import { HttpError, httpHandler, json, pathParam, validate } from '../../lib/http.ts';
import { recordId } from '../staff/ids.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordId);
  const input = validate(updateContentSchema, event.jsonBody);
  try {
    return json(200, await updateContentItem(id, input));
  } catch (err) {
    if (err instanceof ContentNotFoundError) throw new HttpError(404, err.message);
    if (err instanceof ContentConflictError) throw new HttpError(409, err.message);
    throw err;
  }
});
