import { generateNamesSchema } from '#shared/wizard/names.schema.ts';
import { suggestNames } from '../../data/business-names.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

/** POST /api/business-names/generate: { keywords, category, state? } -> [{ name, category }] (8-12). */
export const handler = httpHandler(async (event) => {
  const { keywords, category, state } = validate(generateNamesSchema, event.jsonBody);
  return json(200, await suggestNames(keywords, category, state));
});
