import { applicationIdSchema } from '#shared/application-id.ts';
import { applicationView } from '../../data/applications/item.ts';
import { getApplication } from '../../data/applications/store.ts';
import { httpHandler, json, pathParam } from '../../lib/http.ts';

/** GET /api/llc-applications/{id} -> ApplicationResponse (shape documented in shared/wizard/application.ts). */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  return json(200, applicationView(await getApplication(id)));
});
