import * as z from '../zod.ts';
import { text } from '../validation.ts';

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
  name: text('Name', 120, { min: 1 }),
  email: z.pipe(text('Email', 254, { min: 1 }), z.email('Enter a valid email address')),
  subject: text('Subject', 200, { min: 1 }),
  message: text('Message', 5000, { min: 1, multiline: true }),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

export const ticketUpdateSchema = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'Status must be "open" or "closed"' }),
});
