import { unmatchedPaymentsQuerySchema } from '#shared/staff/lists.schema.ts';
import { json, requestQuery, route } from '../../lib/http.ts';
import { unmatchedPayments } from '../../staff/lists.ts';

export const handler = route('GET /api/staff/unmatched-payments', async (event) => {
  const { cursor } = requestQuery(event, unmatchedPaymentsQuerySchema);
  return json(200, await unmatchedPayments(cursor));
});
