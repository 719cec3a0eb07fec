import type { S3Event, SESEvent } from 'aws-lambda';
import { INBOUND_MAIL_PREFIX } from '../email/inbound.ts';
import { receiveReply } from '../email/receive-reply.ts';
import { s3 } from '../lib/clients/s3.ts';
import { GetObjectCommand } from '../lib/clients/s3-sdk.ts';
import { inboundMailBucket } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';

/** Raw messages larger than this are not read (a reply with large attachments: its words are not worth 10 MB). */
const MAX_RAW_BYTES = 10 * 1024 * 1024;

type Stored = { bucket: string; key: string; size?: number };

/**
 * Where each message of the event is stored: SES receiving's rule stores it under
 * INBOUND_MAIL_PREFIX + its SES message id in INBOUND_MAIL_BUCKET, then invokes this job with the
 * SES event (a message SES judged spam or a virus is skipped); locally the mail catcher stores it
 * and hands an S3 notification (scripts/local/mail.ts feedInboundEmail).
 */
function storedMessages(event: S3Event | SESEvent): Stored[] {
  return (event.Records as (S3Event['Records'][number] | SESEvent['Records'][number])[]).flatMap((record): Stored[] => {
    if ('s3' in record)
      return [{ bucket: record.s3.bucket.name, key: decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')), size: record.s3.object.size }];
    const { mail, receipt } = record.ses;
    if (receipt.spamVerdict?.status === 'FAIL' || receipt.virusVerdict?.status === 'FAIL') {
      logger.warn('inbound email skipped: spam or virus', { messageId: mail.messageId });
      return [];
    }
    const bucket = inboundMailBucket();
    if (!bucket) throw new Error('INBOUND_MAIL_BUCKET is not configured');
    return [{ bucket, key: `${INBOUND_MAIL_PREFIX}${mail.messageId}` }];
  });
}

/**
 * Replies to conversation emails (docs/decisions/0377): each stored message's new words join the
 * ticket its reply address names (functions/email/receive-reply.ts).
 */
export async function handler(event: S3Event | SESEvent): Promise<void> {
  for (const { bucket, key, size } of storedMessages(event)) {
    if ((size ?? 0) > MAX_RAW_BYTES) {
      logger.warn('inbound email too large: not read', { key, size });
      continue;
    }
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if ((out.ContentLength ?? 0) > MAX_RAW_BYTES) {
      logger.warn('inbound email too large: not read', { key, size: out.ContentLength });
      continue;
    }
    const raw = (await out.Body?.transformToString('utf8')) ?? '';
    const { outcome, ticketId } = await receiveReply(raw);
    logger.info('inbound email', { key, outcome, ticketId });
  }
}
