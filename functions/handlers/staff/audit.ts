import { auditQuerySchema } from '#shared/staff/audit-query.schema.ts';
import { listAudit } from '../../data/audit.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

/** GET /api/staff/audit: the audit trail, newest first, by person, order and action. */
export const handler = route('GET /api/staff/audit', async (event) => json(200, await listAudit(requestQuery(event, auditQuerySchema))));
