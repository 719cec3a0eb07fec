import { auditQuerySchema } from '#shared/staff/audit-query.schema.ts';
import { listAudit, listAuditOfOrders } from '../../data/audit.ts';
import { orderIdsMatching } from '../../data/search-index.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

/** GET /api/staff/audit: the audit trail, newest first, by person, order (its id, or a search for it) and action. */
export const handler = route('GET /api/staff/audit', async (event) => {
  const { order, ...query } = requestQuery(event, auditQuerySchema);
  if (!order || query.applicationId) return json(200, await listAudit(query));
  return json(200, await listAuditOfOrders(await orderIdsMatching(order), query));
});
