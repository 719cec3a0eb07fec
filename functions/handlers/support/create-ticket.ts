import { contactFormSchema } from '#shared/staff/tickets.schema.ts';
import { createTicket } from '../../data/tickets.ts';
import { json, requestBody, route, sourceIp } from '../../lib/http.ts';

/** The contact form: validated, 5 per hour per source IP, creates an open ticket. */
export const handler = route('POST /api/support-tickets', async (event) => {
  const ticket = await createTicket(requestBody(event, contactFormSchema), sourceIp(event));
  // A new ticket is open (SupportTicket's status is any stored text; the contract names the value).
  return json(201, { id: ticket.id, status: 'open' as const });
});
