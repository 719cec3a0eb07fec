import { updateContentSchema } from '#shared/content/content-item.schema.ts';
import { updateContentItem } from '../../data/content-writes.ts';
import { httpHandler, json, pathParam, staffActor, validate } from '../../lib/http.ts';
import { recordId } from '../staff/ids.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordId);
  return json(200, await updateContentItem(id, validate(updateContentSchema, event.jsonBody), staffActor(event)));
});
