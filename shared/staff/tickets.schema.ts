import { timestamp } from '../common.schema.ts';
import { text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/** Support tickets (docs/product.md section 3), created by the public contact form. */
export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket as staff see it. */
export const supportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  message: z.string(),
  priority: z.string(),
  createdAt: timestamp(),
  /** A change request from an order page: the order it is about. */
  applicationId: z.optional(z.string()),
  /** Staff replies, oldest first (each was emailed to the customer). */
  replies: z.optional(z.array(z.object({ message: z.string(), from: z.string(), at: timestamp() }))),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** Contact form limit: 5 tickets per hour from one source IP. */
export const TICKETS_PER_HOUR_PER_IP = 5;

/** Longest accepted contact-form fields (characters): the schema below and the form's maxLength. */
export const CONTACT_FIELD_MAX = { name: 120, email: 254, subject: 200, message: 5000 } as const;

export const contactFormSchema = z.strictObject({
  name: text('Name', CONTACT_FIELD_MAX.name, { min: 1 }),
  email: z.pipe(text('Email', CONTACT_FIELD_MAX.email, { min: 1 }), z.email('Enter a valid email address')),
  subject: text('Subject', CONTACT_FIELD_MAX.subject, { min: 1 }),
  message: text('Message', CONTACT_FIELD_MAX.message, { min: 1, multiline: true }),
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** GET /api/staff/tickets query. */
export const ticketListQuerySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(2000))) });

export const ticketUpdateSchema = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: 'Status must be "open" or "closed"' }),
});

/** POST /api/staff/tickets/{id}/replies: a staff reply, emailed to the customer. */
export const TICKET_REPLY_MAX = 5000;
export const ticketReplySchema = z.strictObject({
  message: text('Reply', TICKET_REPLY_MAX, { min: 1, multiline: true }),
});
