import { ticketUpdateSchema } from '#shared/staff/tickets.ts';
import { setTicketStatus, TicketNotFoundError, TicketStatusConflictError } from '../../data/tickets.ts';
import { HttpError, httpHandler, json, pathParam, validate } from '../../lib/http.ts';
import { recordId } from './ids.ts';

/** Close or reopen a ticket. */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', recordId);
  const { status } = validate(ticketUpdateSchema, event.jsonBody);
  try {
    return json(200, await setTicketStatus(id, status));
  } catch (err) {
    if (err instanceof TicketNotFoundError) throw new HttpError(404, err.message);
    if (err instanceof TicketStatusConflictError) return json(409, { error: err.message, currentStatus: err.currentStatus });
    throw err;
  }
});
