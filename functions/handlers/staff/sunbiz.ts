import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { generateSunbiz } from '../../documents/order/sunbiz.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';

/** POST /api/staff/sunbiz/{id}: "Generate Sunbiz" for a Florida order in processing (functions/documents/order/sunbiz.ts). */
export const handler = route('POST /api/staff/sunbiz/{id}', async (event) => {
  const app = await getApplication(pathParam(event, 'id', applicationIdSchema));
  return json(200, await generateSunbiz(app, staffActor(event)));
});
