import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { httpHandler, json, pathParam } from '../../lib/http.ts';
import { staffDocuments } from '../../order-documents/view.ts';

/** GET /api/staff/applications/{id}/documents: every version of every document, and what is missing. */
export const handler = httpHandler(async (event) => json(200, staffDocuments(await getApplication(pathParam(event, 'id', applicationIdSchema)))));
