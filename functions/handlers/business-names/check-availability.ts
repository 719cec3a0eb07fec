import { checkNameSchema } from '#shared/wizard/names.schema.ts';
import { checkNameAvailability } from '../../data/business-names.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

/** POST /api/business-names/check-availability: { name, state? } -> { available, name, reason? }. */
export const handler = httpHandler(async (event) => {
  const { name, state } = validate(checkNameSchema, event.jsonBody);
  return json(200, await checkNameAvailability(name, state));
});
