import { timestamp } from '../common.schema.ts';
import { NO_CONTROL_CHARS, text } from '../validation.schema.ts';
import * as z from '../zod.ts';

/** Support tickets (docs/product.md section 3), created by the public contact form. */
export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a staff reply answers: the customer's words it quotes (cut to QUOTE_MAX characters). */
export const QUOTE_MAX = 600;
export const ticketQuoteSchema = z.object({ from: z.string(), at: timestamp(), message: z.string() });
export type TicketQuote = z.infer<typeof ticketQuoteSchema>;

/**
 * One message after the first: a staff reply (emailed to the customer, quoting what it answers) or
 * the customer's answer from the order page. `author` is absent on replies kept before customers
 * could answer: those are staff replies.
 */
export const ticketEntrySchema = z.object({
  id: z.optional(z.string()),
  message: z.string(),
  from: z.string(),
  at: timestamp(),
  author: z.optional(z.enum(['staff', 'customer'])),
  quote: z.optional(ticketQuoteSchema),
});
export type TicketEntry = z.infer<typeof ticketEntrySchema>;

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
  /** The messages after the first, oldest first: staff replies (each emailed) and the customer's answers. */
  replies: z.optional(z.array(ticketEntrySchema)),
  /** The person on the staff who answers it. */
  assignee: z.optional(z.object({ id: z.string(), email: z.string() })),
  /** When the customer last wrote (the first message or an answer from the order page). */
  lastCustomerAt: z.optional(timestamp()),
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

/** GET /api/staff/tickets query: every ticket, or the open or closed ones only, or those a search finds. */
export const ticketListQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  status: z.optional(z.enum(TICKET_STATUSES, { error: 'Status must be "open" or "closed"' })),
  /** The search box: an order number or id (or the ticket's own), the customer's email or name, or the subject, by prefix (shared/staff/search.ts). */
  q: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(2, 'Type at least 2 characters to search'),
        z.maxLength(100, 'Search for at most 100 characters'),
        z.regex(NO_CONTROL_CHARS, 'Search for letters, digits and punctuation only: control characters are not allowed'),
      ),
  ),
});

/**
 * PATCH /api/staff/tickets/{id}: close or reopen, take it ("assign": 'me'), give it back
 * ('nobody'), or tie it to the order it is about (the order's id).
 */
export const ticketUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(TICKET_STATUSES, { error: 'Status must be "open" or "closed"' })),
    assign: z.optional(z.enum(['me', 'nobody'], { error: 'Assign must be "me" or "nobody"' })),
    /** The order's id, or its order number (the id's first 8 characters, as the modal and the customer show it). */
    applicationId: z.optional(z.string().check(z.regex(/^[0-9a-fA-F-]{8,36}$/, 'Give the order number (8 characters) or the order’s id'))),
  })
  .check(
    z.refine((v) => [v.status, v.assign, v.applicationId].filter((x) => x !== undefined).length === 1, 'Send one change: status, assign or applicationId'),
  );
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

/** POST /api/staff/tickets/{id}/replies: a staff reply, emailed to the customer. */
export const TICKET_REPLY_MAX = 5000;
export const ticketReplySchema = z.strictObject({
  message: text('Reply', TICKET_REPLY_MAX, { min: 1, multiline: true }),
  /** The customer message it answers (its entry id, 'first' for the ticket's first message); the latest customer message when absent. */
  quotes: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Pick the message you answer from the thread'))),
});
