import { contactFormSchema } from '../../staff/tickets.schema.ts';
import { rateLimited } from '../errors.schema.ts';
import { createdTicketSchema } from '../responses.schema.ts';
import { RATE_LIMITS, type RouteGroup } from './entry.schema.ts';

/** Contact form: support tickets staff see in the tickets tab. */
export const SUPPORT_ROUTES = {
  'POST /api/support-tickets': {
    handler: 'support/create-ticket',
    operationId: 'createSupportTicket',
    summary: 'The contact form: opens a support ticket (5 an hour from one network)',
    tag: 'Support',
    access: 'public',
    body: contactFormSchema,
    responses: { 201: createdTicketSchema },
    errors: { rate_limited: rateLimited('Too many messages or requests from this network') },
    tables: { tickets: 'write', counters: 'write', activity: 'write', rateLimits: 'write', searchIndex: 'write' },
    rateLimit: { bucket: 'support-tickets', perMinute: RATE_LIMITS.supportTickets },
  },
} as const satisfies RouteGroup<'Support'>;
