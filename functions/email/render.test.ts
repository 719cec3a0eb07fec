import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type EmailMessage } from './messages.ts';
import { renderEmail } from './render.ts';

const SAMPLES: { [K in EmailMessage['kind']]: Extract<EmailMessage, { kind: K }>['payload'] } = {
  payment_received: {
    firstName: 'Zoë',
    businessName: 'Café Zoë Ünlü LLC',
    stateName: 'Wyoming',
    lines: [
      { label: 'Wyoming state filing fee', amount: 100 },
      { label: 'Service fee', amount: 150 },
      { label: 'Operating agreement template', amount: 50 },
    ],
    total: 300,
    paidAt: '2026-11-22T10:00:00.000Z',
    provider: 'card',
    processingTime: '3-5 business days',
  },
  details_reminder: { firstName: 'Ada', businessName: 'Byte Works LLC' },
  status_changed: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    status: 'filed',
    stateName: 'Wyoming',
    fileNumber: '2026-001234567',
    filedOn: '2026-11-25',
  },
  documents_ready: { firstName: 'Ada', businessName: 'Byte Works LLC' },
  ticket_reply: { subject: 'Change my address', reply: 'Hello Ada,\n\nWe updated the mailing address.\n\nThanks', staffName: 'Sam from CreatorLLC' },
  order_link: { firstName: 'Ada', businessName: 'Byte Works LLC' },
};

const LINK = 'http://127.0.0.1:3000/orders/6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10#access=1.abc';

describe('email templates', () => {
  for (const kind of EMAIL_KINDS) {
    it(`${kind}: subject, HTML and a plain-text part`, async () => {
      const out = await renderEmail({ kind, payload: SAMPLES[kind] } as never, LINK);
      expect(out.subject).not.toMatch(/undefined|NaN|\[object/);
      expect(out.text).not.toMatch(/undefined|NaN|\[object/);
      expect(out.html).not.toMatch(/undefined|NaN|\[object/);
      expect(out.html).toContain('max-width:560px');
      expect(out.text).toContain('gives no tax, legal or accounting advice');
      expect(out.html).toContain(LINK.replace(/&/g, '&amp;'));
      expect({ subject: out.subject, text: out.text }).toMatchSnapshot();
    });
  }

  it('the receipt lists every line and the total, and keeps non-Latin names intact', async () => {
    const out = await renderEmail({ kind: 'payment_received', payload: SAMPLES.payment_received } as never, LINK);
    for (const line of SAMPLES.payment_received.lines) expect(out.text).toContain(line.label);
    expect(out.text).toContain('$300');
    expect(out.text).toContain('Café Zoë Ünlü LLC');
    expect(out.html).toContain('Café Zoë Ünlü LLC');
  });

  it('the filed status email carries the state file number and date', async () => {
    const out = await renderEmail({ kind: 'status_changed', payload: SAMPLES.status_changed } as never, LINK);
    expect(out.text).toContain('file number 2026-001234567');
    expect(out.text).toContain('filed on 2026-11-25');
  });

  it('escapes what a customer typed', async () => {
    const out = await renderEmail({ kind: 'details_reminder', payload: { firstName: '<script>x</script>', businessName: 'A & B LLC' } } as never, LINK);
    expect(out.html).not.toContain('<script>x');
    expect(out.html).toContain('A &amp; B LLC');
  });
});
