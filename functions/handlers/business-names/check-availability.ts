import { checkNameSchema } from '#shared/wizard/names.schema.ts';
import { checkNameAvailability } from '../../data/business-names.ts';
import { json, requestBody, route } from '../../lib/http.ts';

/** POST /api/business-names/check-availability: { name, state? } -> { available, name, reason? }. */
export const handler = route('POST /api/business-names/check-availability', async (event) => {
  const { name, state } = requestBody(event, checkNameSchema);
  return json(200, await checkNameAvailability(name, state));
});
