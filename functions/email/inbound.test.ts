import { describe, expect, it } from 'vitest';
import { newWordsOf, parseInboundEmail } from './inbound.ts';

describe('reading an inbound reply', () => {
  it('reads a base64 plain part inside nested multiparts, the sender and every recipient', () => {
    const raw = [
      'From: =?utf-8?Q?Jos=C3=A9?= <Jose@Example.com>',
      'To: "Orders" <reply+c00@reply.example>',
      'Cc: other@example.com',
      'Message-ID: <abc@mail>',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      'This is a multi-part message in MIME format.',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset="UTF-8"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Olá, thanks!\n').toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="a.pdf"',
      '',
      'JVBERi0=',
      '--outer--',
    ].join('\r\n');
    const email = parseInboundEmail(raw);
    expect(email.from).toBe('jose@example.com');
    expect(email.recipients).toEqual(['reply+c00@reply.example', 'other@example.com']);
    expect(email.messageId).toBe('<abc@mail>');
    expect(email.automatic).toBe(false);
    expect(email.text.trim()).toBe('Olá, thanks!');
  });

  it('takes the HTML as text when there is no plain part; knows auto-replies and bounces', () => {
    const html = parseInboundEmail('From: a@b.c\r\nContent-Type: text/html\r\n\r\n<p>Hi &amp; bye</p><p>Two</p>');
    expect(html.text.trim()).toBe('Hi & bye\nTwo');
    expect(parseInboundEmail('From: a@b.c\r\nAuto-Submitted: auto-replied\r\n\r\nAway').automatic).toBe(true);
    expect(parseInboundEmail('From: a@b.c\r\nPrecedence: bulk\r\n\r\nNews').automatic).toBe(true);
    expect(parseInboundEmail('From: MAILER-DAEMON@mx.example\r\n\r\nUndeliverable').automatic).toBe(true);
  });

  it('keeps the new words above the quoted message, whichever way the mail program quotes', () => {
    expect(newWordsOf('Yes please.\n\nOn Tue, Nov 24, 2026 at 10:00 AM Team <a@b>\nwrote:\n> old')).toBe('Yes please.');
    expect(newWordsOf('Sure.\nOn Tue, Nov 24, 2026, Team wrote:\n> old')).toBe('Sure.');
    expect(newWordsOf('Fine\n\n-----Original Message-----\nFrom: x')).toBe('Fine');
    expect(newWordsOf('Thanks\n________________________________\nFrom: Team\nSent: Monday')).toBe('Thanks');
    expect(newWordsOf('Ok\n-- \nLena\n555-0100')).toBe('Ok');
    expect(newWordsOf('Line one\nLine two')).toBe('Line one\nLine two');
  });
});
