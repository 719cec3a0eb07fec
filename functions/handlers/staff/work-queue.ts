import { workQueueQuerySchema } from '#shared/staff/work-queue.schema.ts';
import { workQueue } from '../../data/applications/work-queue.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/queue', async (event) => {
  const query = requestQuery(event, workQueueQuerySchema);
  return json(200, await workQueue(query));
});
