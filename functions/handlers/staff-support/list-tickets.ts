import { ticketListQuerySchema } from '#shared/staff/tickets.schema.ts';
import { listTickets, searchTickets } from '../../data/tickets.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/tickets', async (event) => {
  const { cursor, status, q } = requestQuery(event, ticketListQuerySchema);
  return json(200, q ? await searchTickets(q, status) : await listTickets(cursor, status));
});
