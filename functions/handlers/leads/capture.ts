import type { Lead, stage1LeadSchema, stage2LeadSchema } from '#shared/wizard/leads.schema.ts';
import { forwardLeadToCrm, upsertLead } from '../../data/leads.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

/** A lead webhook handler for one stage's schema: store, then forward to the CRM if configured. */
export function leadHandler(schema: typeof stage1LeadSchema | typeof stage2LeadSchema) {
  return httpHandler(async (event) => {
    const lead = validate<Lead>(schema, event.jsonBody);
    const { stage } = await upsertLead(lead);
    const crm = await forwardLeadToCrm(lead);
    return json(200, { ok: true, stage, crm });
  });
}
