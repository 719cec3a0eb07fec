import { updateContentSchema } from '#shared/content/content-item.schema.ts';
import { recordIdSchema } from '#shared/record-id.schema.ts';
import { updateContentItem } from '../../data/content-writes.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('PATCH /api/content/{id}', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  return json(200, await updateContentItem(id, requestBody(event, updateContentSchema), staffActor(event)));
});
