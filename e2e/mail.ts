import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The emails the local server sent, read from its data folder: every message is also written as
 * `DATA_DIR/mail/<message id>.eml` when it is sent (functions/email/transport.ts). The sender runs
 * on the outbox table's stream, a moment after the change that caused it, so readers poll.
 */

export interface SentEmail {
  subject: string;
  to: string;
  /** Where a reply goes (a conversation email's reply address), if not to the sender. */
  replyTo: string;
  /** The decoded text of every part (plain text and HTML). */
  body: string;
}

function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it to the server’s DATA_DIR)');
  return join(dir, 'mail');
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A MIME message's headers we check and the decoded text of its parts (quoted-printable or base64). */
export function parseEml(raw: string): SentEmail {
  const [head] = raw.split(/\r?\n\r?\n/, 1);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const decodeWord = (value: string) =>
    value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  const parts: string[] = [];
  const partRe = /Content-Transfer-Encoding: (quoted-printable|base64|7bit)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const m of raw.matchAll(partRe)) {
    const encoding = m[1].toLowerCase();
    parts.push(
      encoding === 'base64'
        ? Buffer.from(m[2].replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(m[2])
          : m[2],
    );
  }
  return { subject: decodeWord(header('Subject')), to: header('To'), replyTo: header('Reply-To'), body: parts.join('\n') };
}

/** Waits for the message with this id (e.g. `paid:<application id>`) to be sent, and reads it. */
export async function sentEmail(messageId: string, timeout = 30_000): Promise<SentEmail> {
  const file = join(mailDir(), `${messageId}.eml`);
  await expect.poll(() => existsSync(file), { timeout, message: `email ${messageId} was not sent` }).toBe(true);
  return parseEml(readFileSync(file, 'utf8'));
}

/** The order-page link of an email, with its `#access=` token. */
export function orderLinkIn(email: SentEmail, applicationId: string): string {
  const link = new RegExp(`https?://[^\\s"'<>\\]]+/orders/${applicationId}#access=[\\w.-]+`).exec(email.body)?.[0];
  if (!link) throw new Error(`No order link in "${email.subject}"`);
  return link.replace(/&amp;/g, '&');
}
