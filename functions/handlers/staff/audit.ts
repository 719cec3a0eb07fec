import { auditQuerySchema } from '#shared/staff/audit-query.schema.ts';
import { listAudit } from '../../data/audit.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

/** GET /api/staff/audit: the audit trail, newest first, by person, order and action. */
export const handler = httpHandler(async (event) => json(200, await listAudit(validate(auditQuerySchema, event.queryStringParameters ?? {}, 'Query'))));
