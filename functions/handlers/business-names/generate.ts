import { generateNamesSchema } from '#shared/wizard/names.schema.ts';
import { suggestNames } from '../../data/business-names.ts';
import { json, requestBody, route } from '../../lib/http.ts';

/** POST /api/business-names/generate: { keywords, category, state? } -> [{ name, category }] (8-12). */
export const handler = route('POST /api/business-names/generate', async (event) => {
  const { keywords, category, state } = requestBody(event, generateNamesSchema);
  return json(200, await suggestNames(keywords, category, state));
});
