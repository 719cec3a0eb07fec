import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MAIL_PREFIX } from '../../functions/email/inbound.ts';
import { documentsBucket, s3 } from '../../functions/lib/clients/s3.ts';
import { GetObjectCommand } from '../../functions/lib/clients/s3-sdk.ts';
import { feedInboundEmail, type MailCatcher, startMailCatcher } from './mail.ts';

/**
 * SES receiving's local twin: the mail catcher's SMTP takes a reply sent to the inbound domain,
 * stores it in the local bucket and hands it to the reply job as the bucket's notification; mail to
 * other addresses (the product's own outgoing mail) is not handed on.
 */
const dir = mkdtempSync(join(tmpdir(), 'creator-llc-inbound-'));
let mail: MailCatcher;
const seen: { event: S3Event; raw: string }[] = [];

beforeAll(async () => {
  mail = await startMailCatcher(dir);
  const env = { INBOUND_EMAIL_DOMAIN: 'reply.creator-llc.local' };
  mail.onMessage(async (message) => {
    await feedInboundEmail(
      message,
      async (event) => {
        const key = event.Records[0].s3.object.key;
        const out = await s3().send(new GetObjectCommand({ Bucket: event.Records[0].s3.bucket.name, Key: key }));
        seen.push({ event, raw: (await out.Body?.transformToString('utf8')) ?? '' });
      },
      env,
    );
  });
});
afterAll(async () => {
  await mail.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function send(to: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'lena@example.com', to, subject: 'Re: your order', text });
}

describe('the mail catcher as the inbound domain', () => {
  it('stores a message to the inbound domain in the bucket and hands it to the job; other mail is not handed on', async () => {
    await send('lena@example.com', 'an outgoing message');
    await send('reply+o0123@reply.creator-llc.local', 'Yes, thank you.');
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    const [{ event, raw }] = seen;
    expect(event.Records[0].s3.bucket.name).toBe(documentsBucket());
    expect(event.Records[0].s3.object.key.startsWith(INBOUND_MAIL_PREFIX)).toBe(true);
    expect(raw).toContain('Yes, thank you.');
    expect(raw).toMatch(/^To: reply\+o0123@reply\.creator-llc\.local/m);
  });
});
