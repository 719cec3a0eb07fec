import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { putApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { type FakePerson, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { deliverMessage } from '../../email/deliver.ts';
import { resetEmailTransportForTests } from '../../email/transport.ts';
import { signOrderToken } from '../../orders/order-link.ts';
import { enqueueEmail, listOrderMessages } from '../../outbox/outbox.ts';
import { handler as access } from '../orders/access.ts';
import { handler as customerDecides } from '../orders/email-change.ts';
import { handler as getOrder } from '../orders/get.ts';
import { handler as correctEmail } from './correct-email.ts';
import { handler as staffDecides } from './email-change.ts';
import { handler as resendLink } from './resend-order-link.ts';

/**
 * Four eyes on a customer's identity (docs/decisions/0409): a change of the order's email address
 * asked for by one staff member takes effect only when the customer confirms it or a second staff
 * member approves it; until then nothing carrying an order link goes to the new address; the
 * address on file can stop it; once it takes effect, old links and browsers stop opening the order.
 */
let mailDir: string;
let support: FakePerson;
let processor: FakePerson;
let owner: FakePerson;
const saved = { ...process.env };
beforeAll(async () => {
  [support, processor, owner] = await Promise.all([signedInPerson({ role: 'support' }), signedInPerson({ role: 'processor' }), signedInPerson()]);
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-email-change-'));
  Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
  delete process.env.SMTP_PORT;
  resetEmailTransportForTests();
});
afterAll(() => {
  process.env = saved;
  resetEmailTransportForTests();
  rmSync(mailDir, { recursive: true, force: true });
});

const CUSTOMER = 'ava.customer@example.com';
const INSIDER = 'insider@evil.example';
const paidOrder = () =>
  putApplication({ status: 'submitted', paymentStatus: 'paid', paidAt: '2026-11-20T10:00:00.000Z', listPartition: 'ALL', email: CUSTOMER, emailKey: CUSTOMER });

let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

const staffPost = (who: FakePerson, handler: typeof correctEmail, route: string, body: unknown, id: string) =>
  invoke(handler, apiEvent({ method: 'POST', route, path: route.replace('{id}', id), pathParameters: { id }, body, headers: who.headers }));
const ask = (who: FakePerson, id: string, email = INSIDER) =>
  staffPost(who, correctEmail, '/api/staff/applications/{id}/email', { email, reason: 'Customer called: new inbox' }, id);
const decide = (who: FakePerson, id: string, decision: 'approve' | 'cancel') =>
  staffPost(who, staffDecides, '/api/staff/applications/{id}/email-change', { decision, reason: 'Checked on a call back to the number on file' }, id);
const customer = (id: string, body: unknown, secret?: string) =>
  invoke(
    customerDecides,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/email-change',
      path: `/api/orders/${id}/email-change`,
      pathParameters: { id },
      body,
      sourceIp: nextIp(),
      headers: secret ? { [RESUME_SECRET_HEADER]: secret } : {},
    }),
  );
const openOrder = (id: string, secret: string) =>
  invoke(
    getOrder,
    apiEvent({ method: 'GET', route: '/api/orders/{id}', path: `/api/orders/${id}`, pathParameters: { id }, resumeSecret: secret, sourceIp: nextIp() }),
  );
const openLink = (id: string, token: string) =>
  invoke(
    access,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/access',
      path: `/api/orders/${id}/access`,
      pathParameters: { id },
      body: { token },
      sourceIp: nextIp(),
    }),
  );

/** Sends every message of the order still waiting; what each came to. */
async function sendAll(id: string) {
  for (const m of await listOrderMessages(id)) if (m.status === 'pending') await deliverMessage(m.messageId);
  return listOrderMessages(id);
}
const eml = (messageId: string) =>
  readFileSync(join(mailDir, `${messageId}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');

describe('a change of the customer’s email address', () => {
  it('asked for by support changes nothing and mails nothing to the new address; the address on file gets a working stop link', async () => {
    const app = await paidOrder();
    const asked = await ask(support, app.id);
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(CUSTOMER);
    expect(asked.body.emailChange).toMatchObject({ email: INSIDER, requestedBy: { id: support.person.id } });
    expect((await readApplication(app.id))?.email).toBe(CUSTOMER);
    // Support then asks for the order link: it goes to the address on file, never the new one.
    expect((await staffPost(support, resendLink, '/api/staff/applications/{id}/order-link', {}, app.id)).body.to).toBe(CUSTOMER);
    // A second request waits behind the first; support cannot approve its own (nor any) change.
    expect((await ask(support, app.id, 'other@evil.example')).body.code).toBe('email_change_pending');
    expect((await decide(support, app.id, 'approve')).status).toBe(403);

    const sent = await sendAll(app.id);
    expect(sent.filter((m) => m.to === INSIDER)).toEqual([]);
    const notice = sent.find((m) => m.kind === 'email_change_requested');
    expect(notice).toMatchObject({ to: CUSTOMER, status: 'sent' });
    const body = eml(notice!.messageId);
    expect(body).toContain('i***@evil.example');
    expect(body).not.toContain(INSIDER);
    const stop = /\/orders\/[\w-]+\/email-change#stop=([\w.-]+)/.exec(body);
    expect(stop).not.toBeNull();

    // One click from the old inbox stops it (no order secret needed); the link is good once.
    const stopped = await customer(app.id, { decision: 'stop', stopToken: stop![1] });
    expect(stopped.status).toBe(200);
    expect((await readApplication(app.id))?.emailChange).toBeUndefined();
    expect((await customer(app.id, { decision: 'stop', stopToken: stop![1] })).body.code).toBe('no_email_change');
    expect((await customer(app.id, { decision: 'stop', stopToken: `${stop![1]}x` })).status).toBe(400);
    expect((await listAudit({ applicationId: app.id })).items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['customer_email_change_requested', 'customer_email_change_stopped']),
    );
    expect((await readApplication(app.id))?.email).toBe(CUSTOMER);
  });

  it('the person who asked cannot approve it; a second staff member can, and old links and browsers then stop opening the order', async () => {
    const app = await paidOrder();
    const oldToken = await signOrderToken(app.id);
    const linked = await openLink(app.id, oldToken);
    expect(linked.status).toBe(200);
    const linkedBrowser = linked.body.resumeSecret as string;
    // An order link queued for the address on file before the change.
    await enqueueEmail({
      kind: 'order_link',
      to: CUSTOMER,
      applicationId: app.id,
      dedupeKey: `order-link:${app.id}:before`,
      payload: { firstName: 'Ava', businessName: 'Ava Creates LLC' },
    });

    expect((await ask(processor, app.id, 'ava.new@example.com')).status).toBe(200);
    const self = await decide(processor, app.id, 'approve');
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('same_person');
    expect((await readApplication(app.id))?.email).toBe(CUSTOMER);

    const approved = await decide(owner, app.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.email).toBe('ava.new@example.com');
    expect(approved.body.emailChange).toBeUndefined();
    expect((await readApplication(app.id))?.emailVersion).toBe(1);

    // The old link, the browser that had opened it and the creating browser: 403, with why.
    const link = await openLink(app.id, oldToken);
    expect([link.status, link.body.code]).toEqual([403, 'link_superseded']);
    for (const secret of [linkedBrowser, TEST_RESUME_SECRET]) {
      const res = await openOrder(app.id, secret);
      expect([res.status, res.body.code]).toEqual([403, 'access_ended']);
    }
    // The message queued for the old address is not sent; the new address gets a link that works.
    const sent = await sendAll(app.id);
    expect(sent.find((m) => m.messageId === `order-link:${app.id}:before`)?.status).toBe('dropped');
    const toNew = sent.find((m) => m.kind === 'email_changed' && m.to === 'ava.new@example.com');
    expect(toNew?.status).toBe('sent');
    const fresh = /#access=([\w.-]+)/.exec(eml(toNew!.messageId));
    expect((await openLink(app.id, fresh![1])).status).toBe(200);
    const toOld = sent.find((m) => m.kind === 'email_changed' && m.to === CUSTOMER);
    expect(eml(toOld!.messageId)).not.toContain('#access=');

    const entry = (await listAudit({ applicationId: app.id })).items.find((e) => e.action === 'customer_email_corrected');
    expect(entry).toMatchObject({
      actorEmail: owner.person.email,
      before: { email: CUSTOMER },
      after: { email: 'ava.new@example.com', requestedBy: processor.person.email, approvedBy: owner.person.email },
    });
  });

  it('the customer confirms it from the order page: this browser stays in with a new secret, every other one ends', async () => {
    const app = await paidOrder();
    const other = (await openLink(app.id, await signOrderToken(app.id))).body.resumeSecret as string;
    await ask(support, app.id, 'ava.moved@example.com');
    const page = await openOrder(app.id, TEST_RESUME_SECRET);
    expect(page.body.emailChange).toMatchObject({ email: 'ava.moved@example.com' });
    // Without the order's secret nothing can confirm it.
    expect((await customer(app.id, { decision: 'confirm', changeId: page.body.emailChange.id })).status).toBe(404);
    const confirmed = await customer(app.id, { decision: 'confirm', changeId: page.body.emailChange.id }, TEST_RESUME_SECRET);
    expect(confirmed.status).toBe(200);
    const secret = confirmed.body.resumeSecret as string;
    expect((await openOrder(app.id, secret)).body.email).toBe('ava.moved@example.com');
    expect((await openOrder(app.id, other)).status).toBe(403);
    expect((await openOrder(app.id, TEST_RESUME_SECRET)).status).toBe(403);
  });

  it('staff can withdraw a waiting change; deciding when none waits is a 409', async () => {
    const app = await paidOrder();
    expect((await decide(owner, app.id, 'approve')).body.code).toBe('no_email_change');
    await ask(support, app.id);
    expect((await decide(support, app.id, 'cancel')).status).toBe(200);
    expect((await readApplication(app.id))?.emailChange).toBeUndefined();
    expect((await readApplication(app.id))?.email).toBe(CUSTOMER);
  });
});
