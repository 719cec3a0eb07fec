import { recordIdSchema } from '#shared/record-id.schema.ts';
import { deleteContentItem } from '../../data/content.ts';
import { noContent, pathParam, route, staffActor } from '../../lib/http.ts';

export const handler = route('DELETE /api/content/{id}', async (event) => {
  await deleteContentItem(pathParam(event, 'id', recordIdSchema), staffActor(event));
  return noContent();
});
