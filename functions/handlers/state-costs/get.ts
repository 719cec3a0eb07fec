import { stateCodeParamSchema } from '#shared/api/params.schema.ts';
import { stateCostsQuerySchema } from '#shared/compliance/api.schema.ts';
import { agentCostOptions } from '#shared/operator/facts.ts';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { findState } from '#shared/states.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { json, pathParam, requestQuery, route } from '../../lib/http.ts';

/**
 * GET /api/state-costs/{stateCode}?residence=: the itemised first three years of an LLC filed in
 * the state by an owner living in `residence`, from the shared cost function the pages use.
 */
export const handler = route('GET /api/state-costs/{stateCode}', async (event) => {
  const code = pathParam(event, 'stateCode', stateCodeParamSchema).toUpperCase();
  const { residence } = requestQuery(event, stateCostsQuerySchema);
  for (const c of [code, residence?.toUpperCase()]) {
    if (c && !findState(c)) throw new NotFoundError(`Unknown state code: ${c}`, 'state_not_found');
  }
  // Our agent's renewal only where we have an office, at the operator's price: the pages quote the same.
  const cost = threeYearCost(code, residence, agentCostOptions(await getOperatorSettings()));
  if (!cost) throw new NotFoundError(`Unknown state code: ${code}`, 'state_not_found');
  const lines = cost.lines.map(({ label, amount, year, source }) => ({ label, amount, year, source }));
  return json(
    200,
    { state: cost.state, residence: cost.residence, years: cost.years, lines, total: cost.total, notes: cost.notes, notCounted: cost.notCounted },
    { 'cache-control': 'public, max-age=300' },
  );
});
