import { orderNumber } from '#shared/orders/conversation.schema.ts';
import { emailKey } from '#shared/orders/email-key.ts';
import { timeZoneOfState } from '#shared/written-date.ts';
import { unsubscribeLinks } from '../compliance/unsubscribe-token.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { getApplication } from '../data/applications/reads.ts';
import { readPerson } from '../data/staff-accounts.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { expandOrderLookup } from '../orders/find-order.ts';
import { contactLink, continueLink, emailChangeStopLink, findOrderLink, orderLink } from '../orders/order-link.ts';
import { type EmailMessage, type EmailPayloads, type InternalPayloads, isInternalKind } from '../outbox/messages.ts';
import {
  claimMessage,
  dueMessageIds,
  isSuppressed,
  markDeferred,
  markDropped,
  markFailed,
  markSent,
  markSuppressed,
  type OutboxItem,
} from '../outbox/outbox.ts';
import { staffInviteLink } from '../staff/invite-link.ts';
import { signInCodeFor, signInCodeLive, staffSignInLink } from '../staff/sign-in-code.ts';
import { emailOperator, emailSettings, withOperatorPrices } from './operator.ts';
import { replyAddressFor } from './reply-address.ts';
import { takeSendSlot } from './send-quota.ts';
import { DeliveryError, deliver } from './transport.ts';

/** `paced`: the second's sending quota was full, due again the next second; `deferred`: the day's, due tomorrow. */
export type DeliveryOutcome = 'sent' | 'skipped' | 'retry' | 'parked' | 'suppressed' | 'dropped' | 'paced' | 'deferred';

/**
 * Whether a scheduled message still says something true when its time comes: the details
 * reminder only while the paid order's details are missing.
 */
async function stillWanted(item: OutboxItem, app: ApplicationItem | undefined): Promise<boolean> {
  // An invitation only while it is the person's current one (not accepted, replaced or withdrawn).
  if (item.kind === 'staff_invite') {
    const invite = item.payload as EmailPayloads['staff_invite'];
    const person = await readPerson(invite.personId);
    return person?.status === 'invited' && person.invite?.id === invite.inviteId;
  }
  // A message whose point is its order link goes only to the address on file: one queued for an
  // address the order no longer has is not sent (docs/decisions/0409).
  if (LINK_MESSAGES.has(item.kind) && app && !isOrderAddress(item, app)) return false;
  // A request's stop link only while that request waits.
  if (item.kind === 'email_change_requested') return app?.emailChange?.id === (item.payload as EmailPayloads['email_change_requested']).changeId;
  // A sign-in code only while it works (a retry after it expired would say nothing true).
  if (item.kind === 'staff_sign_in_code') {
    const code = item.payload as EmailPayloads['staff_sign_in_code'];
    return signInCodeLive(code.personId, code.codeId);
  }
  if (item.kind !== 'details_reminder' || !item.applicationId) return true;
  return Boolean(app && app.paymentStatus === 'paid' && !app.detailsCompletedAt);
}

/**
 * Sends one outbox message at most once: claim (conditional write), check the address is not
 * suppressed, render, send, mark sent. A duplicate stream record or a second sweep finds the
 * message claimed or sent and skips it.
 */
export async function deliverMessage(messageId: string, now = Date.now()): Promise<DeliveryOutcome> {
  const item = await claimMessage(messageId, now);
  if (!item) return 'skipped';
  if (isInternalKind(item.kind)) return actOn(item, now);
  const app = item.applicationId ? await getApplication(item.applicationId).catch(() => undefined) : undefined;
  if (await isSuppressed(item.to)) {
    await markSuppressed(messageId, now);
    logger.warn('email not sent: address suppressed', { messageId, kind: item.kind });
    logger.metric('EmailSuppressed');
    return 'suppressed';
  }
  if (!(await stillWanted(item, app))) {
    await markDropped(messageId, now);
    logger.info('email dropped: no longer needed', { messageId, kind: item.kind });
    return 'dropped';
  }
  // SES's quotas (docs/decisions/0420): what does not fit stays due, for the next second or tomorrow.
  const slot = await takeSendSlot(now);
  if (!slot.allowed) {
    await markDeferred(messageId, slot.until);
    return slot.quota === 'second' ? 'paced' : 'deferred';
  }
  try {
    // A deadline reminder carries its signed unsubscribe link, in the body and as one-click List-Unsubscribe headers (RFC 8058).
    const unsubscribe = REMINDER_KINDS.has(item.kind) && item.applicationId ? await unsubscribeLinks(item.applicationId) : undefined;
    // The operator's settings as they are now: the footer's sender, and the renewal price a message quotes.
    const settings = await emailSettings();
    const message = withOperatorPrices(await withSignInCode(item as Pick<EmailMessage, 'kind' | 'payload'>), settings);
    // The React renderer is loaded with the first message a container sends: a sweep that finds
    // nothing due (most of them) never loads it (docs/decisions/0170).
    const { renderEmail } = await import('./render.ts');
    // A conversation email's reply comes back to its ticket where replies are received (docs/decisions/0377).
    const replyTo =
      item.kind === 'ticket_reply' || item.kind === 'message_received'
        ? await replyAddressFor(String((item.payload as { ticketId?: string }).ticketId ?? ''))
        : undefined;
    const rendered = await renderEmail(
      message,
      await linkFor(item, app),
      { ...emailOperator(settings), findOrderUrl: findOrderLink(), contactUrl: contactLink() },
      unsubscribe?.page,
      orderOf(item, app),
      replyTo,
    );
    const headers = unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
    await deliver({ ...rendered, messageId, to: item.to, ...(headers ? { headers } : {}), ...(replyTo ? { replyTo } : {}) });
  } catch (err) {
    const permanent = err instanceof DeliveryError && err.permanent;
    const outcome = await markFailed(item, (err as Error).message, permanent, now);
    logger.warn('email delivery failed', { messageId, kind: item.kind, attempts: item.attempts, outcome, error: (err as Error).message });
    // Parked after its last attempt: staff must act on it (the EmailParked alarm).
    if (outcome === 'parked') logger.metric('EmailParked');
    return outcome;
  }
  await markSent(messageId, now);
  logger.info('email sent', { messageId, kind: item.kind });
  logger.metric('EmailSent');
  return 'sent';
}

/**
 * An internal message (functions/outbox/messages.ts InternalPayloads) is acted on and never sent:
 * a find-my-order lookup queues the links of the address's orders (nothing when it has none),
 * and is then done, as `dropped` with the sent messages' retention. A failure retries it like an email.
 */
async function actOn(item: OutboxItem, now: number): Promise<DeliveryOutcome> {
  try {
    const queued = await expandOrderLookup(item.to, item.payload as InternalPayloads['order_lookup'], now);
    logger.info('order lookup done', { messageId: item.messageId, queued });
  } catch (err) {
    const outcome = await markFailed(item, (err as Error).message, false, now);
    logger.warn('order lookup failed', { messageId: item.messageId, attempts: item.attempts, outcome, error: (err as Error).message });
    if (outcome === 'parked') logger.metric('EmailParked');
    return outcome;
  }
  await markDropped(item.messageId, now);
  return 'dropped';
}

/**
 * The link a message carries, signed now, at sending: the order page (a retried message carries a
 * fresh expiry), or a staff invitation's accept page (valid until the invitation expires).
 */
async function linkFor(item: OutboxItem, app: ApplicationItem | undefined): Promise<string | undefined> {
  if (item.kind === 'staff_invite') {
    const invite = item.payload as EmailPayloads['staff_invite'];
    return staffInviteLink({ personId: invite.personId, inviteId: invite.inviteId }, invite.expiresAt);
  }
  if (item.kind === 'staff_sign_in_code') return staffSignInLink();
  if (item.kind === 'email_change_requested' && item.applicationId)
    return emailChangeStopLink(item.applicationId, (item.payload as EmailPayloads['email_change_requested']).changeId);
  // An order link is signed for the address as it is now, and only ever goes to that address.
  if (!item.applicationId || !app || !isOrderAddress(item, app)) return undefined;
  const emailVersion = app.emailVersion ?? 0;
  if (item.kind === 'continue_link') return continueLink(item.applicationId, (item.payload as EmailPayloads['continue_link']).at, emailVersion);
  // The owners' chargeback alert opens the staff dashboard (signed in), never the customer's order page.
  if (item.kind === 'dispute_opened') return `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/staff`;
  // The address staff corrected away from gets the notice only: the order link goes to the new one.
  if (item.kind === 'email_changed' && (item.payload as EmailPayloads['email_changed']).recipient === 'old') return undefined;
  return orderLink(item.applicationId, emailVersion);
}

/** The reminder emails: each carries the signed unsubscribe link of the order's reminders. */
const REMINDER_KINDS = new Set<string>(['deadline_reminder', 'forms_1099_check']);

/** The messages that exist to carry the order link. */
const LINK_MESSAGES = new Set<string>(['order_link', 'continue_link', 'details_reminder']);

/** Whether the message goes to the address the order has now. */
function isOrderAddress(item: OutboxItem, app: ApplicationItem): boolean {
  const key = emailKey(item.to);
  return Boolean(key && key === emailKey(app.email ?? ''));
}

/** A sign-in code's email carries the code, made now from its ids (the outbox never holds it). */
async function withSignInCode(message: Pick<EmailMessage, 'kind' | 'payload'>): Promise<Pick<EmailMessage, 'kind' | 'payload'>> {
  if (message.kind !== 'staff_sign_in_code') return message;
  const payload = message.payload as EmailPayloads['staff_sign_in_code'];
  return { kind: message.kind, payload: { ...payload, code: await signInCodeFor(payload.personId, payload.codeId) } };
}

/** The order number every email about an order carries, and the customer's time zone where known (their home state's). */
function orderOf(item: OutboxItem, app: ApplicationItem | undefined): { orderNumber?: string; timeZone?: string } {
  if (!item.applicationId) return {};
  return { orderNumber: orderNumber(item.applicationId), timeZone: timeZoneOfState(app?.residenceState) };
}

/**
 * Everything due now: retries whose backoff ran out and messages a crashed sender held. Stops at
 * the first message the sending quota holds back: the rest stay due as they are.
 */
export async function deliverDueMessages(now = Date.now()): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = { sent: 0, skipped: 0, retry: 0, parked: 0, suppressed: 0, dropped: 0, paced: 0, deferred: 0 };
  for (const id of await dueMessageIds(now)) {
    const outcome = await deliverMessage(id, now);
    counts[outcome]++;
    if (outcome === 'paced' || outcome === 'deferred') break;
  }
  return counts;
}
