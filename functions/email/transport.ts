import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailEnvironment } from '../lib/config.schema.ts';
import { loadEmailConfig } from '../lib/config.ts';
import { OUTBOX_TAG } from '../outbox/outbox.ts';
import type { RenderedEmail } from './render.ts';

/**
 * Where email goes: SES v2 on AWS; locally SMTP to the embedded mail catcher, with every
 * message also written as `<messageId>.eml` under MAIL_DIR. Read once per container.
 */
type EmailEnv = EmailEnvironment;

let cachedEnv: EmailEnv | undefined;
function emailEnv(): EmailEnv {
  if (cachedEnv) return cachedEnv;
  cachedEnv = loadEmailConfig();
  return cachedEnv;
}

export function resetEmailTransportForTests(): void {
  cachedEnv = undefined;
  smtp = undefined;
}

export interface OutgoingEmail extends RenderedEmail {
  messageId: string;
  to: string;
  /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Where a reply goes (a conversation email's reply address), when not to the sender. */
  replyTo?: string;
}

/** A failure the sender may retry (network, throttling) or not (a rejected address). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export async function deliver(email: OutgoingEmail): Promise<void> {
  const env = emailEnv();
  if (env.EMAIL_TRANSPORT === 'ses') return sendWithSes(env, email);
  return sendWithSmtp(env, email);
}

/**
 * The outbox id, hex-encoded (tag values allow only letters, digits, `_` and `-`), so a bounce
 * reported by SES finds its message (functions/jobs/email-feedback.ts).
 */
function outboxTag(messageId: string): { Name: string; Value: string }[] {
  const hex = Buffer.from(messageId, 'utf8').toString('hex');
  return hex.length <= 256 ? [{ Name: OUTBOX_TAG, Value: hex }] : [];
}

let ses: SESv2Client | undefined;
async function sendWithSes(env: EmailEnv, email: OutgoingEmail): Promise<void> {
  // Imported on the first message sent through SES: local runs and the tests use SMTP.
  const sdk = await import('../lib/clients/sesv2-sdk.ts');
  ses ??= new sdk.SESv2Client({});
  try {
    await ses.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: env.EMAIL_FROM,
        Destination: { ToAddresses: [email.to] },
        ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
            ...(email.headers ? { Headers: Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
          },
        },
        ConfigurationSetName: env.SES_CONFIGURATION_SET,
        EmailTags: [{ Name: 'messageId', Value: email.messageId.replace(/[^\w-]/g, '_') }, ...outboxTag(email.messageId)],
      }),
    );
  } catch (err) {
    const name = (err as { name?: string }).name ?? '';
    // SES refuses some messages for good (bad address, not verified); those are not retried.
    throw new DeliveryError(
      `SES refused the message: ${name}`,
      ['MessageRejected', 'MailFromDomainNotVerifiedException', 'BadRequestException'].includes(name),
    );
  }
}

type Transporter = import('nodemailer').Transporter;
let smtp: Transporter | undefined;

/**
 * SES's mailbox simulator address for a hard bounce. On AWS it is accepted, then reported bounced;
 * the local transport refuses it for good at once, so a message that cannot be delivered (parked)
 * can be produced and retried locally, end to end.
 */
export const SES_BOUNCE_SIMULATOR = 'bounce@simulator.amazonses.com';

/** Characters a Message-ID's left part may hold as they are (RFC 5322 atext, less `=` and `.`, which are encoded). */
const ATEXT = /[A-Za-z0-9!#$%&'*+/?^_`{|}~-]/;

/**
 * The Message-ID header of an outbox message: a function of its outbox id and the sender's
 * domain only, so a message sent again after a crash (sent, then the sender died before marking it
 * sent) carries the same Message-ID and mail clients show it once. The id is encoded to what the
 * header allows (`paid:<uuid>` has a colon): each other byte as `=XX`.
 */
export function messageIdHeader(outboxId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'creator-llc.local';
  let left = '';
  for (const ch of outboxId)
    left += ATEXT.test(ch) ? ch : [...Buffer.from(ch, 'utf8')].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return `<${left}@${domain}>`;
}

/**
 * Writes `<messageId>.eml` whole or not at all: the message goes to a hidden file beside it, which
 * is then renamed over the name. Whoever reads the folder (the tests, a developer's tools) polls
 * it while messages are sent, and a file written in place can be read half written: a link cut in
 * two. A message sent again (a retry) replaces its file the same way.
 */
function writeMessageFile(dir: string, messageId: string, raw: Buffer): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${messageId}.eml`);
  const partial = join(dir, `.${messageId}.${randomUUID()}.partial`);
  writeFileSync(partial, raw);
  renameSync(partial, file);
}

async function sendWithSmtp(env: EmailEnv, email: OutgoingEmail): Promise<void> {
  if (email.to.trim().toLowerCase() === SES_BOUNCE_SIMULATOR) throw new DeliveryError('SMTP refused the message: 550 mailbox unavailable', true);
  const nodemailer = (await import('nodemailer')).default;
  const MailComposer = (await import('nodemailer/lib/mail-composer')).default;
  const mail = {
    from: env.EMAIL_FROM,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId: messageIdHeader(email.messageId, env.EMAIL_FROM),
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    headers: { 'X-Message-Kind': 'transactional', ...email.headers },
  };
  const raw = await new MailComposer(mail).compile().build();
  if (env.MAIL_DIR) writeMessageFile(env.MAIL_DIR, email.messageId, raw);
  if (!env.SMTP_PORT) return;
  smtp ??= nodemailer.createTransport({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: false, ignoreTLS: true });
  try {
    await smtp.sendMail({ envelope: { from: env.EMAIL_FROM, to: [email.to] }, raw });
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    throw new DeliveryError(`SMTP refused the message: ${(err as Error).message}`, code !== undefined && code >= 500);
  }
}
