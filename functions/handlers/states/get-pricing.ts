import { stateCodeParamSchema } from '#shared/api/params.schema.ts';
import { findStatePricing } from '#shared/states.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { json, pathParam, route } from '../../lib/http.ts';

export const handler = route('GET /api/state-pricing/{stateCode}', async (event) => {
  const code = pathParam(event, 'stateCode', stateCodeParamSchema).toUpperCase();
  const state = findStatePricing(code);
  if (!state) throw new NotFoundError(`Unknown state code: ${code}`, 'state_not_found');
  // The processing time is the pages' own answer (standardTimeOf): the state's published figure and its date, or the sentence that it publishes none.
  const { name, filingFee, serviceFee, totalCost, processingTime, processingTimePublished, processingTimeCheckedOn } = state;
  return json(
    200,
    { name, filingFee, serviceFee, totalCost, processingTime, processingTimePublished, processingTimeCheckedOn },
    { 'cache-control': 'public, max-age=3600' },
  );
});
