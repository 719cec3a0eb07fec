import { updateContentSchema } from '#shared/content/content-item.schema.ts';
import { recordIdSchema } from '#shared/record-id.schema.ts';
import { updateContentItem } from '../../data/content-writes.ts';
import { httpHandler, json, pathParam, staffActor, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  return json(200, await updateContentItem(id, validate(updateContentSchema, event.jsonBody), staffActor(event)));
});
