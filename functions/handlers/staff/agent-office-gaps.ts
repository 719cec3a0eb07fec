import { agentOfficeGaps } from '#shared/operator/facts.ts';
import { openOrderAgents } from '../../data/applications/agent-coverage.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { json, route } from '../../lib/http.ts';

/**
 * GET /api/staff/registered-agent-gaps (staff): the states with open orders where the operator
 * has no registered-agent office, and how many of those orders chose our agent (they cannot be
 * filed until an office is set there or the customer names their own agent).
 */
export const handler = route('GET /api/staff/registered-agent-gaps', async () => {
  const [settings, open] = await Promise.all([getOperatorSettings(), openOrderAgents()]);
  return json(200, { states: agentOfficeGaps(settings, open) });
});
