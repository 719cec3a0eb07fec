import { stage1LeadSchema } from '#shared/wizard/leads.schema.ts';
import { leadHandler } from './capture.ts';

/** POST /api/webhook/stage1: sent by the wizard after step 2 (creator profile). */
export const handler = leadHandler('POST /api/webhook/stage1', stage1LeadSchema);
