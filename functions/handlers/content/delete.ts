import { recordIdSchema } from '#shared/record-id.schema.ts';
import { deleteContentItem } from '../../data/content.ts';
import { httpHandler, pathParam, staffActor } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  await deleteContentItem(pathParam(event, 'id', recordIdSchema), staffActor(event));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
