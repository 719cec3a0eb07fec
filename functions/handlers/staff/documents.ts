import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { json, pathParam, route } from '../../lib/http.ts';

/** GET /api/staff/applications/{id}/documents: every version of every document, and what is missing. */
export const handler = route('GET /api/staff/applications/{id}/documents', async (event) =>
  json(200, staffDocuments(await getApplication(pathParam(event, 'id', applicationIdSchema)))),
);
