import { timestamp } from '../common.schema.ts';
import { ticketQuoteSchema } from '../staff/tickets.schema.ts';
import * as z from '../zod.ts';

/**
 * The order's conversation (docs/product.md section 10, "The conversation"): every message about
 * the order, the customer's (change requests and answers from the order page) and ours (staff
 * replies, each quoting what it answers), oldest first, under one reference: the order number.
 */
export const conversationMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** Who wrote it: the customer's name, or the team's. */
  from: z.string(),
  at: timestamp(),
  message: z.string(),
  quote: z.optional(ticketQuoteSchema),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** GET /api/orders/{id}/conversation */
export const orderConversationSchema = z.object({
  /** The reference every email about the conversation carries (the order number). */
  reference: z.string(),
  messages: z.array(conversationMessageSchema),
  /** Whether the conversation can take another message (a thread holds MAX_TICKET_ENTRIES). */
  full: z.boolean(),
});
export type OrderConversation = z.infer<typeof orderConversationSchema>;

/** The order number customers see (the id's first 8 characters), also the conversation's reference. */
export const orderNumber = (applicationId: string) => applicationId.slice(0, 8);
