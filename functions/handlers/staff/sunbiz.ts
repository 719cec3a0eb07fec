import { applicationIdSchema } from '#shared/application-id.ts';
import { httpHandler, json, pathParam } from '../../lib/http.ts';
import { generateSunbizDocument } from '../../sunbiz/generate-document.ts';

export const handler = httpHandler(async (event) => {
  const { url } = await generateSunbizDocument(pathParam(event, 'id', applicationIdSchema));
  return json(200, { url });
});
