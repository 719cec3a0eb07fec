import type { SNSEvent } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { markBounced, OUTBOX_TAG, suppressAddress } from '../outbox/outbox.ts';

interface SesNotification {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { emailAddress: string; diagnosticCode?: string }[] };
  /** The sent message's tags: ours carry the outbox id, hex-encoded (functions/email/transport.ts). */
  mail?: { tags?: Record<string, string[]> };
  complaint?: { complainedRecipients?: { emailAddress: string }[] };
}

/**
 * SES event destination (via SNS): a permanent bounce or a complaint suppresses the address.
 * Transient bounces (a full mailbox) are left to the sender's retries. A permanent bounce also
 * marks its message bounced, so staff see it in the order's email history and the delivery list.
 */
export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    let note: SesNotification;
    try {
      note = JSON.parse(record.Sns.Message) as SesNotification;
    } catch {
      logger.warn('email feedback: not JSON', { messageId: record.Sns.MessageId });
      continue;
    }
    const type = note.eventType ?? note.notificationType;
    if (type === 'Bounce' && note.bounce?.bounceType === 'Permanent') {
      for (const r of note.bounce.bouncedRecipients ?? []) await suppressAddress(r.emailAddress, 'bounce');
      const tagged = note.mail?.tags?.[OUTBOX_TAG]?.[0];
      if (tagged && /^([0-9a-f]{2})+$/.test(tagged)) {
        const detail = note.bounce.bouncedRecipients?.[0]?.diagnosticCode ?? note.bounce.bounceSubType ?? 'permanent';
        await markBounced(Buffer.from(tagged, 'hex').toString('utf8'), `Bounced: ${detail}`);
      }
    } else if (type === 'Complaint') {
      for (const r of note.complaint?.complainedRecipients ?? []) await suppressAddress(r.emailAddress, 'complaint');
    }
  }
}
