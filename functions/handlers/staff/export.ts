import { exportRequestSchema } from '#shared/staff/exports.schema.ts';
import { exportCsv } from '../../exports/export.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('POST /api/staff/exports', async (event) => {
  const request = requestBody(event, exportRequestSchema);
  return json(200, await exportCsv(request, staffActor(event)));
});
