import { recordIdSchema } from '#shared/record-id.schema.ts';
import { ticketUpdateSchema } from '#shared/staff/tickets.schema.ts';
import { setTicketStatus } from '../../data/tickets.ts';
import { httpHandler, json, pathParam, staffActor, validate } from '../../lib/http.ts';

/** Close or reopen a ticket. */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  const { status } = validate(ticketUpdateSchema, event.jsonBody);
  return json(200, await setTicketStatus(id, status, staffActor(event)));
});
