import { contactFormSchema, TICKETS_PER_HOUR_PER_IP } from '#shared/staff/tickets.ts';
import { consumeRateLimit } from '../../data/rate-limits.ts';
import { createTicket } from '../../data/tickets.ts';
import { HttpError, httpHandler, json, sourceIp, validate } from '../../lib/http.ts';

/** The contact form: validated, 5 per hour per source IP, creates an open ticket. */
export const handler = httpHandler(async (event) => {
  const input = validate(contactFormSchema, event.jsonBody);
  const slot = await consumeRateLimit(`ticket#${sourceIp(event)}`, TICKETS_PER_HOUR_PER_IP, 3600);
  if (!slot.allowed) {
    throw new HttpError(429, 'Too many messages from this network; please try again later', undefined, { 'retry-after': String(slot.retryAfterSeconds) });
  }
  const ticket = await createTicket(input);
  return json(201, { id: ticket.id, status: ticket.status });
});
