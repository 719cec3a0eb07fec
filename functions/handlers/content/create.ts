import { createContentSchema } from '#shared/content/content-item.ts';
import { ContentConflictError } from '../../data/content.ts';
import { createContentItem } from '../../data/content-writes.ts';
import { HttpError, httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const input = validate(createContentSchema, event.jsonBody);
  try {
    return json(201, await createContentItem(input));
  } catch (err) {
    if (err instanceof ContentConflictError) throw new HttpError(409, err.message);
    throw err;
  }
});
