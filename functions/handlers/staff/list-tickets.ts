import { ticketListQuerySchema } from '#shared/staff/tickets.schema.ts';
import { listTickets } from '../../data/tickets.ts';
import { json, requestQuery, route } from '../../lib/http.ts';

export const handler = route('GET /api/staff/tickets', async (event) => {
  const { cursor, status } = requestQuery(event, ticketListQuerySchema);
  return json(200, await listTickets(cursor, status));
});
