import { bulkActionSchema } from '#shared/staff/assignment.schema.ts';
import { bulkAction } from '../../data/applications/assignment.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('POST /api/staff/bulk-actions', async (event) => {
  const request = requestBody(event, bulkActionSchema);
  const actor = staffActor(event);
  // Start Processing makes each order's documents once its move is done, as the single move does.
  const afterStart = async (id: string) => (await (await import('../../documents/order/generate.ts')).documentsAfter(id, actor, 'Start Processing'))?.version;
  return json(200, await bulkAction(request, actor, afterStart));
});
