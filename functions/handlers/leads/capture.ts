import type { Lead, stage1LeadSchema, stage2LeadSchema } from '#shared/wizard/leads.schema.ts';
import { forwardLeadToCrm, upsertLead } from '../../data/leads.ts';
import { json, type RouteEvent, requestBody, route } from '../../lib/http.ts';

type LeadRoute = 'POST /api/webhook/stage1' | 'POST /api/webhook/stage2';

/** A lead webhook handler for one stage's route and schema: store, then forward to the CRM if configured. */
export function leadHandler(key: LeadRoute, schema: typeof stage1LeadSchema | typeof stage2LeadSchema) {
  return route(key, async (event) => {
    const lead = requestBody<RouteEvent<LeadRoute>, Lead>(event, schema);
    const { stage } = await upsertLead(lead);
    const crm = await forwardLeadToCrm(lead);
    return json(200, { ok: true, stage, crm });
  });
}
