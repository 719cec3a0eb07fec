import * as z from 'zod';

/** Support tickets (SPEC section 3), created by the public contact form. */
export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface SupportTicket {
  id: string;
  subject: string;
  status: string;
  customerEmail: string;
  customerName: string;
  message: string;
  priority: string;
  createdAt: string;
}

/** Contact form limit: 5 tickets per hour from one source IP. */
export const TICKETS_PER_HOUR_PER_IP = 5;

export const contactFormSchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: z.string({ error: 'Email is required' }).trim().max(254, 'Email is too long').pipe(z.email('Enter a valid email address')),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

export const ticketUpdateSchema = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'Status must be "open" or "closed"' }),
});
