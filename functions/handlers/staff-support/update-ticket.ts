import { recordIdSchema } from '#shared/record-id.schema.ts';
import { ticketUpdateSchema } from '#shared/staff/tickets.schema.ts';
import { assignTicket, linkTicketToOrder, setTicketStatus } from '../../data/tickets.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** Close or reopen a ticket, take it or give it back, or tie it to the order it is about. */
export const handler = route('PATCH /api/staff/tickets/{id}', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  const change = requestBody(event, ticketUpdateSchema);
  const actor = staffActor(event);
  if (change.status) return json(200, await setTicketStatus(id, change.status, actor));
  if (change.assign) return json(200, await assignTicket(id, change.assign, actor));
  return json(200, await linkTicketToOrder(id, change.applicationId ?? '', actor));
});
