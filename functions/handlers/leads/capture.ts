import type { Lead, stage1LeadSchema, stage2LeadSchema } from '#shared/wizard/leads.schema.ts';
import { forwardLeadToCrm, upsertLead } from '../../data/leads.ts';
import { json, type RouteEvent, requestBody, route } from '../../lib/http.ts';

type LeadRoute = 'POST /api/webhook/stage1' | 'POST /api/webhook/stage2';

/** A lead webhook handler for one stage's route and schema: store, then forward to the CRM if configured. */
export function leadHandler(key: LeadRoute, schema: typeof stage1LeadSchema | typeof stage2LeadSchema) {
  return route(key, async (event) => {
    // The secret the session's first lead write handed out (absent on that first write): never stored or forwarded.
    const { leadSecret: secret, ...lead } = requestBody<RouteEvent<LeadRoute>, Lead & { leadSecret?: string }>(event, schema);
    const { stage, leadSecret } = await upsertLead(lead, secret);
    const crm = await forwardLeadToCrm(lead);
    return json(200, { ok: true, stage, crm, ...(leadSecret ? { leadSecret } : {}) });
  });
}
