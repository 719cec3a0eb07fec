import { applicationIdSchema } from '#shared/application-id.ts';
import { ApplicationNotFoundError } from '../../data/staff-applications.ts';
import { HttpError, httpHandler, json, pathParam } from '../../lib/http.ts';
import { generateSunbizDocument, SunbizNotApplicableError } from '../../sunbiz/generate-document.ts';

export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  try {
    const { url } = await generateSunbizDocument(id);
    return json(200, { url });
  } catch (err) {
    if (err instanceof ApplicationNotFoundError) throw new HttpError(404, err.message);
    if (err instanceof SunbizNotApplicableError) throw new HttpError(409, err.message);
    throw err;
  }
});
