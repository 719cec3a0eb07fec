import { deleteContentItem } from '../../data/content.ts';
import { httpHandler, pathParam, staffActor } from '../../lib/http.ts';
import { recordId } from '../staff/ids.ts';

export const handler = httpHandler(async (event) => {
  await deleteContentItem(pathParam(event, 'id', recordId), staffActor(event));
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
