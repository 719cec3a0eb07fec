import { ticketListQuerySchema } from '#shared/staff/tickets.schema.ts';
import { listTickets } from '../../data/tickets.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => {
  const { cursor } = validate(ticketListQuerySchema, event.queryStringParameters ?? {}, 'Query');
  return json(200, await listTickets(cursor));
});
