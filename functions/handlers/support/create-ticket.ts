import { contactFormSchema } from '#shared/staff/tickets.schema.ts';
import { createTicket } from '../../data/tickets.ts';
import { httpHandler, json, sourceIp, validate } from '../../lib/http.ts';

/** The contact form: validated, 5 per hour per source IP, creates an open ticket. */
export const handler = httpHandler(async (event) => {
  const ticket = await createTicket(validate(contactFormSchema, event.jsonBody), sourceIp(event));
  return json(201, { id: ticket.id, status: ticket.status });
});
