import type { SNSEvent } from 'aws-lambda';
import { suppressAddress } from '../email/outbox.ts';
import { logger } from '../lib/logger.ts';

interface SesNotification {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress: string }[] };
  complaint?: { complainedRecipients?: { emailAddress: string }[] };
}

/**
 * SES event destination (via SNS): a permanent bounce or a complaint suppresses the address.
 * Transient bounces (a full mailbox) are left to the sender's retries.
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
    } else if (type === 'Complaint') {
      for (const r of note.complaint?.complainedRecipients ?? []) await suppressAddress(r.emailAddress, 'complaint');
    }
  }
}
