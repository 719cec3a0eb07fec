import { ContentNotFoundError, deleteContentItem } from '../../data/content.ts';
import { HttpError, httpHandler, pathParam } from '../../lib/http.ts';
import { recordId } from '../staff/ids.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordId);
  try {
    await deleteContentItem(id);
  } catch (err) {
    if (err instanceof ContentNotFoundError) throw new HttpError(404, err.message);
    throw err;
  }
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
