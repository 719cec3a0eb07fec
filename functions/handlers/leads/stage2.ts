import { stage2LeadSchema } from '#shared/wizard/leads.schema.ts';
import { leadHandler } from './capture.ts';

/** POST /api/webhook/stage2: sent by the wizard after step 3 (business setup). */
export const handler = leadHandler('POST /api/webhook/stage2', stage2LeadSchema);
