import { recordIdSchema } from '#shared/record-id.schema.ts';
import { ticketUpdateSchema } from '#shared/staff/tickets.schema.ts';
import { setTicketStatus } from '../../data/tickets.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** Close or reopen a ticket. */
export const handler = route('PATCH /api/staff/tickets/{id}', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  const { status } = requestBody(event, ticketUpdateSchema);
  return json(200, await setTicketStatus(id, status, staffActor(event)));
});
