import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUnsubscribeToken } from '../compliance/unsubscribe-token.ts';
import { enqueueEmail } from '../outbox/outbox.ts';
import { deliverMessage } from './deliver.ts';
import { renderEmail } from './render.ts';
import { resetEmailTransportForTests } from './transport.ts';

/** The compliance calendar's emails (templates/compliance.tsx) and the receipt's recurring-charge sentence. */
const LINK = 'http://127.0.0.1:3000/orders/6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10#access=1.abc';
const UNSUBSCRIBE = 'http://127.0.0.1:3000/reminders/unsubscribe#token=6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10.abc';

const reminder = {
  firstName: 'Ada',
  businessName: 'Byte Works LLC',
  stateName: 'Wyoming',
  title: 'Wyoming annual report and License Fee',
  dueOn: '2027-11-01',
  daysBefore: 14,
  description: 'File the annual report with Wyoming and pay its License Fee, at least $60.',
  sourceName: 'Wyoming official fee schedule',
  sourceUrl: 'https://sos.wyo.gov/Business/Docs/BusinessFees.pdf',
};

describe('compliance emails', () => {
  it('a deadline reminder names the deadline, the day, the source, the calendar and the one-click unsubscribe', async () => {
    const out = await renderEmail({ kind: 'deadline_reminder', payload: reminder }, LINK, undefined, UNSUBSCRIBE);
    expect(out.subject).toBe('Due November 1, 2027: Wyoming annual report and License Fee for Byte Works LLC');
    expect(out.text).toMatch(/Wyoming annual report and License Fee: due in 14 days/i);
    expect(out.text).toContain('November 1, 2027');
    expect(out.text).toContain('Wyoming official fee schedule');
    expect(out.html).toContain('href="https://sos.wyo.gov/Business/Docs/BusinessFees.pdf"');
    expect(out.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(out.text).toContain('Unsubscribe from deadline reminders');
    expect(out.html).toContain(LINK);
    expect({ subject: out.subject, text: out.text }).toMatchSnapshot();
  });

  it('a federal estimated-tax reminder says the IRS, the saved amount, and opens the calendar and planner', async () => {
    const out = await renderEmail(
      {
        kind: 'deadline_reminder',
        payload: {
          ...reminder,
          stateName: 'the IRS',
          federal: true,
          title: 'Federal estimated tax, 4th quarter 2026: pay $2,709',
          dueOn: '2027-01-15',
          description:
            'Your saved tax plan: pay $2,709 by January 15, 2027. Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax.',
          sourceName: 'IRS: Estimated taxes (Form 1040-ES)',
          sourceUrl: 'https://www.irs.gov/businesses/small-businesses-self-employed/estimated-taxes',
        },
      },
      LINK,
      undefined,
      UNSUBSCRIBE,
    );
    expect(out.subject).toBe('Due January 15, 2027: Federal estimated tax, 4th quarter 2026: pay $2,709 for Byte Works LLC');
    expect(out.text).toContain('has a deadline with the IRS on');
    expect(out.text).toContain('Safe harbour: the four payments together reach 90%');
    expect(out.text).toContain('check with the IRS before relying on a date');
    expect(out.text).not.toContain('check with the state');
    expect(out.text).toContain('See your calendar and tax planner');
  });

  it('the home-state registration, reminded on the day it is owed, says it is due now and names the home state', async () => {
    const out = await renderEmail(
      {
        kind: 'deadline_reminder',
        payload: {
          ...reminder,
          stateName: 'California',
          title: 'Register the LLC in California, your home state (Application to Register)',
          dueOn: '2026-11-22',
          daysBefore: 0,
          description: 'File the Application to Register with the California Secretary of State. The fee: $70.',
        },
      },
      LINK,
      undefined,
      UNSUBSCRIBE,
    );
    expect(out.text).toMatch(/Register the LLC in California, your home state \(Application to Register\): due now/i);
    expect(out.text).not.toMatch(/in 0 days/);
    expect(out.text).toContain('has a deadline with California on');
  });

  it('a renewal notice states the date, the price, that it is the only recurring charge, and how to cancel', async () => {
    const out = await renderEmail(
      {
        kind: 'renewal_notice',
        payload: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Wyoming', renewsOn: '2027-11-22', priceUsd: 125, daysBefore: 7 },
      },
      LINK,
    );
    expect(out.subject).toBe('Your registered agent renews on November 22, 2027 ($125)');
    expect(out.text).toMatch(/Your registered agent renews in 7 days/i);
    expect(out.text).toContain('November 22, 2027');
    expect(out.text).toContain('$125');
    expect(out.text).toContain('the only recurring charge we make');
    expect(out.text).toContain('cancel the renewal on your order page');
    expect(out.text).not.toContain('Unsubscribe');
    expect({ subject: out.subject, text: out.text }).toMatchSnapshot();
  });

  it('the receipt publishes the registered agent renewal price', async () => {
    const out = await renderEmail(
      {
        kind: 'payment_received',
        payload: {
          firstName: 'Ada',
          businessName: 'Byte Works LLC',
          stateName: 'Wyoming',
          lines: [{ label: 'Wyoming state filing fee', amount: 100 }],
          total: 100,
          paidAt: '2026-11-22T10:00:00.000Z',
          provider: 'card',
          processingTime: '3-5 business days',
          registeredAgentRenewalUsd: 125,
        },
      },
      LINK,
    );
    expect(out.text).toContain('Registered agent: the first year is included. After it, the service renews only if you agree');
    expect(out.text).toContain('$125 a year');
  });
});

describe('delivering a deadline reminder', () => {
  let mailDir: string;
  beforeAll(() => {
    mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-reminders-'));
    // No SMTP port: the sender only writes the .eml file, as it does beside the mail catcher locally.
    Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
    delete process.env.SMTP_PORT;
    resetEmailTransportForTests();
  });
  afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

  /** The message's headers, unfolded. */
  const headersOf = (id: string) =>
    readFileSync(join(mailDir, `${id}.eml`), 'utf8')
      .split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, ' ');

  it('carries a signed one-click List-Unsubscribe (RFC 8058) and the same link in the body; a renewal notice carries none', async () => {
    const applicationId = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
    const id = `reminder-test-${Date.now()}`;
    await enqueueEmail({ kind: 'deadline_reminder', to: 'ada@example.com', applicationId, dedupeKey: id, payload: reminder });
    expect(await deliverMessage(id)).toBe('sent');
    const headers = headersOf(id);
    const oneClick = /^List-Unsubscribe: <(http:\/\/127\.0\.0\.1:3000\/api\/reminders\/unsubscribe\?token=([^>]+))>$/m.exec(headers);
    expect(oneClick).not.toBeNull();
    expect(await checkUnsubscribeToken(decodeURIComponent(oneClick![2]))).toBe(applicationId);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const eml = readFileSync(join(mailDir, `${id}.eml`), 'utf8');
    expect(eml.replace(/=\r?\n/g, '')).toContain('/reminders/unsubscribe#token=');

    const notice = `renewal-test-${Date.now()}`;
    await enqueueEmail({
      kind: 'renewal_notice',
      to: 'ada@example.com',
      applicationId,
      dedupeKey: notice,
      payload: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Wyoming', renewsOn: '2027-11-22', priceUsd: 125, daysBefore: 30 },
    });
    expect(await deliverMessage(notice)).toBe('sent');
    expect(headersOf(notice)).not.toMatch(/List-Unsubscribe/);
  });
});
