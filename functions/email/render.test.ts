import { describe, expect, it } from 'vitest';
import { EMAIL_KINDS, type EmailMessage } from '../outbox/messages.ts';
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
  election_overdue: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    headline: 'No CP261 by February 1, 2027: call the IRS',
    detail: [
      'Faxed to the IRS on December 1, 2026. The Form 2553 instructions say: when there is no answer within 2 months of the date of filing, call the IRS at 1-800-829-4933.',
      'Have the LLC’s EIN, the date the form was sent and the fax confirmation or mailing receipt at hand.',
    ],
    dueOn: '2027-02-01',
    sourceName: 'Instructions for Form 2553',
    sourceUrl: 'https://www.irs.gov/instructions/i2553',
  },
  w9_update: { firstName: 'Ada', businessName: 'Byte Works LLC', effectiveOn: '2026-11-23', payers: ['YouTube', 'Acme Brand Co.'] },
  forms_1099_check: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    taxYear: 2026,
    checkOn: '2027-01-31',
    payers: [
      { name: 'Glow Skincare', forms: ['1099-NEC'] },
      { name: 'Twitch', forms: ['1099-MISC', '1099-NEC'] },
    ],
    furnishText: 'Payers furnish Form 1099-NEC for nonemployee compensation by January 31; most Forms 1099 by January 31, some by February 15.',
    sourceName: "IRS Publication 15 (2025), Employer's Tax Guide",
    sourceUrl: 'https://www.irs.gov/pub/irs-pdf/p15.pdf',
  },
  status_changed: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    status: 'filed',
    stateName: 'Wyoming',
    fileNumber: '2026-001234567',
    filedOn: '2026-11-25',
  },
  documents_ready: { firstName: 'Ada', businessName: 'Byte Works LLC' },
  deliverable_ready: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    title: 'Your EIN is ready',
    detail: 'The IRS assigned Byte Works LLC the Employer Identification Number 88-1234567.',
  },
  ticket_reply: {
    subject: 'Change request for Byte Works LLC (order 6f1c1b1e)',
    reply: 'Hello Ada,\n\nWe updated the mailing address.\n\nThanks',
    staffName: 'Sam from CreatorLLC',
    quote: { from: 'Ada Lovelace', at: '2026-11-26T15:00:00.000Z', message: 'Please change the mailing address to 2 Main St.' },
    reference: '6f1c1b1e',
  },
  message_received: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    reference: '6f1c1b1e',
    message: 'Please change the mailing address to 2 Main St.',
    receivedAt: '2026-11-26T15:00:00.000Z',
  },
  details_changed: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    changed: ['Principal office address', 'Members'],
    reason: 'The customer wrote that the suite number was missing',
  },
  email_changed: { firstName: 'Ada', businessName: 'Byte Works LLC', oldEmail: 'ada@exmaple.com', newEmail: 'ada@example.com', recipient: 'new' },
  email_change_requested: { firstName: 'Ada', businessName: 'Byte Works LLC', newEmail: 'm***@example.com', changeId: '0b6f3a52-7d0e-4b8e-9a51-2f4c8d1e6a77' },
  order_link: { firstName: 'Ada', businessName: 'Byte Works LLC' },
  continue_link: { firstName: 'Ada', businessName: 'Byte Works LLC' },
  staff_invite: {
    personId: '0b7c1f0e-5d7a-4a43-9a31-6c1f2b7e9d10',
    inviteId: 'inv1234567890abcdefghi',
    expiresAt: '2026-11-25T10:00:00.000Z',
    name: 'Riley',
    role: 'processor',
    invitedBy: 'owner@example.com',
    reset: false,
  },
  staff_sign_in_code: {
    personId: '0b7c1f0e-5d7a-4a43-9a31-6c1f2b7e9d10',
    codeId: 'code1234567890abcdefgh',
    expiresAt: '2026-11-25T10:30:00.000Z',
    name: 'Riley',
    code: 'k3m9q-x7hta',
  },
  deadline_reminder: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    title: 'Wyoming annual report and License Fee',
    dueOn: '2027-11-01',
    daysBefore: 14,
    description: 'File the annual report with Wyoming and pay its License Fee, at least $60.',
    sourceName: 'Wyoming official fee schedule',
    sourceUrl: 'https://sos.wyo.gov/Business/Docs/BusinessFees.pdf',
  },
  renewal_notice: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Wyoming', renewsOn: '2027-11-22', priceUsd: 125, daysBefore: 30 },
  renewal_cancelled: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Wyoming', serviceEndsOn: '2027-11-22', priceUsd: 125 },
  renewal_resumed: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Wyoming', renewsOn: '2027-11-22', priceUsd: 125 },
  refund_sent: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    amountCents: 5000,
    refundedCents: 5000,
    paidCents: 27500,
    full: false,
    reason: 'The operating agreement was not needed',
    arrival: 'within 5 to 10 business days, on the card or account you paid with',
    refundedAt: '2026-11-25T10:00:00.000Z',
  },
  dispute_opened: {
    businessName: 'Byte Works LLC',
    orderNumber: '6f1c1b1e',
    amountCents: 27500,
    reason: 'fraudulent',
    evidenceDueBy: '2026-12-09',
    filingPaused: true,
  },
  renewal_charged: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    period: '2027-11-22',
    amountCents: 12_500,
    cardLast4: '4242',
    nextRenewalOn: '2028-11-22',
  },
  renewal_payment_due: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    period: '2027-11-22',
    amountCents: 12_500,
    reason: 'Your card was declined.',
    graceEndsOn: '2027-12-06',
    graceDays: 14,
  },
  renewal_lapsed: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    period: '2027-11-22',
    amountCents: 12_500,
    graceDays: 14,
    lapsedOn: '2027-12-07',
  },
  mail_received: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    kind: 'service_of_process',
    sender: 'Superior Court of Wyoming, Laramie County',
    receivedOn: '2026-12-01',
    answerDeadline: '2026-12-22',
  },
  purchase_receipt: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    name: 'Operating agreement template',
    lines: [{ label: 'Operating agreement template', amount: 50 }],
    total: 50,
    paidAt: '2026-12-02T10:00:00.000Z',
    cardLast4: '4242',
    reopened: true,
  },
  annual_report: {
    event: 'charged',
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Florida',
    dueOn: '2027-05-01',
    amountCents: 23_775,
    cardLast4: '4242',
  },
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

  it('writes every date out in words and money in dollars: no ISO date, no "$50.00", in any email', async () => {
    for (const kind of EMAIL_KINDS) {
      const out = await renderEmail({ kind, payload: SAMPLES[kind] } as never, LINK, undefined, undefined, { orderNumber: '6f1c1b1e' });
      // The HTML as a reader sees it: without tags, attributes (the link) and the head.
      const visible = out.html
        .replace(/<head[\s\S]*?<\/head>/i, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&[a-z#0-9]+;/gi, ' ');
      const seen = `${out.subject}\n${out.text.replaceAll(LINK, '')}\n${visible}`;
      expect(seen, kind).not.toMatch(/\b\d{4}-\d{2}-\d{2}(?!\d)|\d{2}:\d{2}:\d{2}/);
      expect(seen, kind).not.toMatch(/\$\d[\d,]*\.00\b/);
    }
  });

  it('the January 1099 check lists each payer with its forms, in the text and the HTML, with the order link and the unsubscribe', async () => {
    const unsubscribe = 'http://127.0.0.1:3000/reminders/unsubscribe#token=abc';
    const out = await renderEmail({ kind: 'forms_1099_check', payload: SAMPLES.forms_1099_check } as never, LINK, undefined, unsubscribe);
    expect(out.subject).toBe('Your 2026 Forms 1099: check what your 2 payers sent');
    for (const part of [out.text, out.html]) {
      expect(part).toContain('Glow Skincare: Form 1099-NEC');
      expect(part).toContain('Twitch: Form 1099-MISC and Form 1099-NEC');
      expect(part).toContain('January 31, 2027');
      expect(part).toContain('https://www.irs.gov/pub/irs-pdf/p15.pdf');
      expect(part).toContain(unsubscribe);
    }
    expect(out.text).toContain(`Open your 1099 checklist ${LINK}`);
    expect(out.html).toContain(`href="${LINK}"`);
    const one = await renderEmail(
      { kind: 'forms_1099_check', payload: { ...SAMPLES.forms_1099_check, payers: [{ name: 'Glow Skincare', forms: ['1099-NEC'] }] } } as never,
      LINK,
    );
    expect(one.subject).toBe('Your 2026 Forms 1099: check what Glow Skincare sent');
  });

  it('a continue link for an unpaid application names no order and says why it came', async () => {
    const out = await renderEmail({ kind: 'continue_link', payload: SAMPLES.continue_link } as never, LINK, undefined, undefined, { orderNumber: '6f1c1b1e' });
    expect(out.text).not.toContain('Order 6f1c1b1e');
    expect(out.text).not.toContain('placed an order');
    expect(out.text).toContain('because you asked for a link to continue your application');
  });

  it('the receipt lists every line and the total, and keeps non-Latin names intact', async () => {
    const out = await renderEmail({ kind: 'payment_received', payload: SAMPLES.payment_received } as never, LINK);
    for (const line of SAMPLES.payment_received.lines) expect(out.text).toContain(line.label);
    expect(out.text).toContain('$300');
    expect(out.text).toContain('Café Zoë Ünlü LLC');
    expect(out.html).toContain('Café Zoë Ünlü LLC');
  });

  it('names the order it is about, and writes the payment day as a date in the customer’s time zone', async () => {
    // 03:00 UTC on the 27th is still the 26th in California.
    const payload = { ...SAMPLES.payment_received, paidAt: '2026-11-27T03:00:00.000Z' };
    const out = await renderEmail({ kind: 'payment_received', payload } as never, LINK, undefined, undefined, {
      orderNumber: '7ca8e82e',
      timeZone: 'America/Los_Angeles',
    });
    expect(out.text).toContain('Order 7ca8e82e');
    expect(out.text).toContain('Paid on November 26, 2026');
    expect(out.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Without a time zone: the day in UTC.
    expect((await renderEmail({ kind: 'payment_received', payload } as never, LINK)).text).toContain('Paid on November 27, 2026');
  });

  it('says a state publishes no processing time once, not "processing time: ... publishes no ..."', async () => {
    const payload = { ...SAMPLES.payment_received, stateName: 'New York', processingTime: 'New York publishes no standard processing time' };
    const out = await renderEmail({ kind: 'payment_received', payload } as never, LINK);
    expect(out.text).toContain('New York publishes no standard processing time.');
    expect(out.text).not.toContain('own published processing time');
    expect((await renderEmail({ kind: 'payment_received', payload: SAMPLES.payment_received } as never, LINK)).text).toContain(
      "Wyoming's own published processing time: 3-5 business days.",
    );
  });

  it('the refund email says how much, why, what is left and when the money arrives', async () => {
    const out = await renderEmail({ kind: 'refund_sent', payload: SAMPLES.refund_sent } as never, LINK);
    expect(out.subject).toBe('A refund of $50 for Byte Works LLC');
    for (const words of ['$50', 'The operating agreement was not needed', '$50 of the $275 you paid', '5 to 10 business days', 'November 25, 2026'])
      expect(out.text).toContain(words);
    const full = await renderEmail(
      { kind: 'refund_sent', payload: { ...SAMPLES.refund_sent, amountCents: 27500, refundedCents: 27500, full: true } } as never,
      LINK,
    );
    expect(full.subject).toBe('Your payment for Byte Works LLC is refunded');
    expect(full.text).toContain('the whole $275 you paid');
    const odd = await renderEmail({ kind: 'refund_sent', payload: { ...SAMPLES.refund_sent, amountCents: 1234 } } as never, LINK);
    expect(odd.subject).toBe('A refund of $12.34 for Byte Works LLC');
  });

  it('the filed status email carries the state file number and date', async () => {
    const out = await renderEmail({ kind: 'status_changed', payload: SAMPLES.status_changed } as never, LINK);
    expect(out.text).toContain('file number 2026-001234567');
    expect(out.text).toContain('filed on November 25, 2026');
  });

  it('a staff reply quotes what it answers, with the date written out, and says where to answer', async () => {
    const out = await renderEmail({ kind: 'ticket_reply', payload: SAMPLES.ticket_reply } as never, LINK);
    expect(out.subject).toBe('Re: Change request for Byte Works LLC (order 6f1c1b1e)');
    expect(out.text).toContain('On November 26, 2026, Ada Lovelace wrote:');
    expect(out.text).toContain('Please change the mailing address to 2 Main St.');
    expect(out.text).toContain('write to us on your order page');
    expect(out.text).toContain('Replies to this email are not read');
    // A contact-form ticket has no order page: the email says to write again from the contact page, with the reference.
    const contactUrl = 'https://creatorllc.example/contact';
    const plain = { subject: 'Question about Wyoming', reply: 'Yes.', staffName: 'The CreatorLLC team', reference: '1a2b3c4d' };
    const noOrder = await renderEmail({ kind: 'ticket_reply', payload: plain } as never, undefined, { contactUrl });
    expect(noOrder.subject).toBe('Re: Question about Wyoming (reference 1a2b3c4d)');
    expect(noOrder.text).toContain('send us a new message from the contact page');
    expect(noOrder.text).toContain('mention reference 1a2b3c4d');
    expect(noOrder.html).toContain(`href="${contactUrl}"`);
  });

  it('acknowledges a customer message with the reference and their words', async () => {
    const out = await renderEmail({ kind: 'message_received', payload: SAMPLES.message_received } as never, LINK);
    expect(out.subject).toBe('We received your message about Byte Works LLC (order 6f1c1b1e)');
    expect(out.text).toContain('Its reference is 6f1c1b1e');
    expect(out.text).toContain('On November 26, 2026, you wrote:');
    expect(out.text).toContain('Please change the mailing address to 2 Main St.');
  });

  it('tells the old address of a corrected email without the order link, and the new one with it', async () => {
    const toNew = await renderEmail({ kind: 'email_changed', payload: SAMPLES.email_changed } as never, LINK);
    expect(toNew.text).toContain('changed from ada@exmaple.com to this one, ada@example.com');
    expect(toNew.html).toContain(LINK);
    const toOld = await renderEmail({ kind: 'email_changed', payload: { ...SAMPLES.email_changed, recipient: 'old' } } as never, undefined);
    expect(toOld.text).toContain('changed from this one, ada@exmaple.com, to ada@example.com');
    expect(toOld.text).not.toContain('/orders/');
  });

  it('tells the address on file of a change asked for, that nothing changed yet, with the stop link', async () => {
    const stop = 'https://example.com/orders/x/email-change#stop=t';
    const out = await renderEmail({ kind: 'email_change_requested', payload: SAMPLES.email_change_requested } as never, stop);
    expect(out.subject).toBe('Someone asked to change the email address of your order for Byte Works LLC');
    expect(out.text).toContain('another address, m***@example.com');
    expect(out.text).toContain('Nothing has changed yet');
    expect(out.html).toContain(stop);
    expect(out.text).toContain('Stop this change');
  });

  it('every email has its subject as the HTML title; a receipt sends a problem to the contact page, not to a reply nobody reads', async () => {
    const receipt = await renderEmail({ kind: 'payment_received', payload: SAMPLES.payment_received } as never, LINK, {
      contactUrl: 'https://example.com/contact',
    });
    expect(receipt.html).toContain(`<title>${receipt.subject}</title>`);
    expect(receipt.text).not.toContain('Reply to this email');
    expect(receipt.text).toContain('If anything is wrong, write to us at https://example.com/contact.');
  });

  it('escapes what a customer typed', async () => {
    const out = await renderEmail({ kind: 'details_reminder', payload: { firstName: '<script>x</script>', businessName: 'A & B LLC' } } as never, LINK);
    expect(out.html).not.toContain('<script>x');
    expect(out.html).toContain('A &amp; B LLC');
  });

  it('the staff invitation names who invited whom, the role and the expiry, and carries the accept link', async () => {
    const out = await renderEmail({ kind: 'staff_invite', payload: SAMPLES.staff_invite } as never, LINK);
    expect(out.subject).toBe('You are invited to the CreatorLLC staff dashboard');
    expect(out.text).toContain('owner@example.com invited you to the CreatorLLC staff dashboard as a processor.');
    expect(out.text).toContain('until November 25, 2026 at 10:00 UTC');
    expect(out.text).toContain('because owner@example.com invited you');
    expect(out.text).not.toContain('placed an order');
    const reset = await renderEmail({ kind: 'staff_invite', payload: { ...SAMPLES.staff_invite, reset: true } } as never, LINK);
    expect(reset.subject).toBe('Set up your CreatorLLC staff sign-in again');
    expect(reset.text).toContain('your password and authenticator app were cleared and your sessions ended');
  });

  it('a staff sign-in code: the code made at sending, until when it works, and the sign-in page', async () => {
    const out = await renderEmail({ kind: 'staff_sign_in_code', payload: SAMPLES.staff_sign_in_code } as never, 'http://127.0.0.1:3000/staff/login');
    expect(out.subject).toBe('Your one-time code to sign in to the CreatorLLC staff dashboard');
    expect(out.text).toContain('k3m9q-x7hta');
    expect(out.text).toContain('until November 25, 2026 at 10:30 UTC');
    expect(out.html).toContain('http://127.0.0.1:3000/staff/login');
    expect(out.text).not.toContain('placed an order');
  });

  it('lists exactly what was delivered in the "documents ready" email', async () => {
    const delivered = [
      'State-approved formation document: In your vault since November 25, 2026',
      'EIN and IRS confirmation letter: EIN 88-1234567, letter in your vault since November 26, 2026',
    ];
    const out = await renderEmail({ kind: 'documents_ready', payload: { ...SAMPLES.documents_ready, delivered } } as never, LINK);
    for (const line of delivered) expect(out.text).toContain(line);
    expect(out.text).not.toContain('Operating agreement');
  });

  it('every customer email links to "find my order"; the staff invitation does not', async () => {
    const findOrderUrl = 'https://creatorllc.example/find-order';
    for (const kind of EMAIL_KINDS) {
      const out = await renderEmail({ kind, payload: SAMPLES[kind] } as never, LINK, { findOrderUrl });
      if (kind === 'staff_invite' || kind === 'staff_sign_in_code') expect(out.html, kind).not.toContain(findOrderUrl);
      else {
        expect(out.html, kind).toContain(`href="${findOrderUrl}"`);
        expect(out.text, kind).toContain('Find your orders');
      }
    }
  });

  it("signs the footer with the operator's name, address and support contacts, and leaves out what is not set", async () => {
    const operator = {
      legalName: 'Creator Filings LLC',
      address: '100 Biscayne Blvd, Miami, FL 33132',
      supportEmail: 'help@creatorfilings.com',
      supportPhone: '+1 305 555 0100',
    };
    const full = await renderEmail({ kind: 'documents_ready', payload: SAMPLES.documents_ready } as never, LINK, operator);
    expect(full.text).toContain('Creator Filings LLC, 100 Biscayne Blvd, Miami, FL 33132');
    expect(full.text).toContain('Questions: help@creatorfilings.com · +1 305 555 0100');
    expect({ text: full.text }).toMatchSnapshot();
    const partial = await renderEmail({ kind: 'documents_ready', payload: SAMPLES.documents_ready } as never, LINK, {
      ...operator,
      legalName: null,
      address: null,
      supportPhone: null,
    });
    expect(partial.text).toContain('Questions: help@creatorfilings.com');
    expect(partial.text).not.toMatch(/null|Creator Filings|Biscayne/);
    const none = await renderEmail({ kind: 'documents_ready', payload: SAMPLES.documents_ready } as never, LINK);
    expect(none.text).not.toContain('Questions:');
  });
});
