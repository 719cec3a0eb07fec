import { type EmailReplyOutcome, postEmailReply } from '../data/conversation.ts';
import { newWordsOf, parseInboundEmail } from './inbound.ts';
import { ticketOfReplyAddress } from './reply-address.ts';

export type ReceivedOutcome = EmailReplyOutcome | 'automatic' | 'not_ours';

/**
 * One inbound email (its raw MIME): if it went to a genuine reply address and a person sent it,
 * its new words are added to the ticket the address names (functions/data/conversation.ts
 * postEmailReply). Anything else is left: auto-replies and bounces (never a loop), addresses
 * with a wrong or missing token.
 */
export async function receiveReply(raw: string): Promise<{ outcome: ReceivedOutcome; ticketId?: string }> {
  const email = parseInboundEmail(raw);
  if (email.automatic) return { outcome: 'automatic' };
  let ticketId: string | undefined;
  for (const address of email.recipients) {
    ticketId = await ticketOfReplyAddress(address);
    if (ticketId) break;
  }
  if (!ticketId) return { outcome: 'not_ours' };
  const outcome = await postEmailReply(ticketId, { message: newWordsOf(email.text), from: email.from, messageId: email.messageId });
  return { outcome, ticketId };
}
