/**
 * An inbound email as the reply handler needs it (functions/jobs/inbound-email.ts): who sent it,
 * the addresses it went to, whether a machine sent it, and the new words of its plain text (the
 * quoted earlier message cut off). A small MIME reader: headers, nested multiparts,
 * quoted-printable and base64, UTF-8 or Latin-1; HTML only when no plain text part exists.
 */
/** Where inbound messages are stored (the SES receipt rule's S3 action on AWS, the mail catcher's twin locally). */
export const INBOUND_MAIL_PREFIX = 'inbound-mail/';

export interface InboundEmail {
  from: string;
  recipients: string[];
  messageId: string;
  /** An auto-reply, bounce or list message (RFC 3834 Auto-Submitted, Precedence): never added to a ticket. */
  automatic: boolean;
  /** The plain text, whole. */
  text: string;
}

type Headers = Map<string, string>;

function splitHeaders(raw: string): { headers: Headers; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { headers, body };
}

const param = (value: string, name: string) => new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value)?.slice(1).find(Boolean);

function decodeBytes(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

function decodeText(bytes: Buffer, charset = 'utf-8'): string {
  return /^(iso-8859-1|latin1|windows-1252|us-ascii)$/i.test(charset) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** RFC 2047 encoded words in a header (`=?utf-8?Q?...?=`, `=?utf-8?B?...?=`). */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) =>
    decodeText(enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeBytes(text.replace(/_/g, ' '), 'quoted-printable'), charset),
  );
}

/** A multipart body's parts: between its delimiter lines, without the preamble before the first or the epilogue after the last. */
function bodyParts(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    const bare = line.trimEnd();
    if (bare === delimiter || bare === `${delimiter}--`) {
      if (current) parts.push(current.join('\r\n'));
      if (bare !== delimiter) return parts;
      current = [];
    } else current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

/** The first text/plain part (depth first), else the first text/html part as text. */
function textOf(headers: Headers, body: string): { plain?: string; html?: string } {
  const type = headers.get('content-type') ?? 'text/plain';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return {};
    const found: { plain?: string; html?: string } = {};
    for (const part of bodyParts(body, boundary)) {
      const inner = splitHeaders(part);
      const got = textOf(inner.headers, inner.body);
      found.plain ??= got.plain;
      found.html ??= got.html;
      if (found.plain) break;
    }
    return found;
  }
  if (/attachment/i.test(headers.get('content-disposition') ?? '')) return {};
  const text = decodeText(decodeBytes(body, encoding), param(type, 'charset'));
  if (/^text\/plain/i.test(type)) return { plain: text };
  if (/^text\/html/i.test(type)) return { html: text };
  return {};
}

const htmlToText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|blockquote|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The addresses of a header value (`"Name" <a@b>, c@d`). */
export function addressesIn(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s<>",;:]+@[^\s<>",;]+)/g)].map((m) => (m[1] ?? m[2]).toLowerCase());
}

export function parseInboundEmail(raw: string): InboundEmail {
  const { headers, body } = splitHeaders(raw);
  const autoSubmitted = (headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = (headers.get('precedence') ?? '').toLowerCase();
  const got = textOf(headers, body);
  return {
    from: addressesIn(decodeWords(headers.get('from') ?? ''))[0] ?? '',
    recipients: [...new Set(['to', 'cc', 'delivered-to', 'x-original-to'].flatMap((h) => addressesIn(headers.get(h))))],
    messageId: (headers.get('message-id') ?? '').trim(),
    automatic:
      !autoSubmitted.startsWith('no') ||
      ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) ||
      headers.has('x-autoreply') ||
      headers.has('x-autorespond') ||
      /^(mailer-daemon|postmaster)@/.test(addressesIn(headers.get('from'))[0] ?? ''),
    text: (got.plain ?? (got.html ? htmlToText(got.html) : '')).replace(/\r\n/g, '\n'),
  };
}

/**
 * The new words of a reply: everything above the quoted earlier message (the "On <date>, <name>
 * wrote:" line, an "Original Message" divider, a "From:" block, or the first run of "> " lines),
 * trimmed.
 */
export function newWordsOf(text: string): string {
  const lines = text.split('\n');
  const cut = lines.findIndex(
    (line, i) =>
      /^\s*>/.test(line) ||
      /^-{2,}\s*Original Message\s*-{2,}/i.test(line) ||
      /^_{10,}\s*$/.test(line) ||
      (/^On .+/.test(line) && (/wrote:\s*$/.test(line) || /wrote:\s*$/.test(lines[i + 1] ?? ''))) ||
      (/^From:\s/.test(line) && /^(Sent|Date|To):\s/.test(lines[i + 1] ?? '')),
  );
  const kept = (cut < 0 ? lines : lines.slice(0, cut)).join('\n');
  // A signature delimiter ("-- ") ends the words too.
  return kept
    .split(/\n-- \n/)[0]
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
