import { describe, expect, it } from 'vitest';
import { putApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { hashSecret } from '../../data/applications/reads.ts';
import { createApplication, saveApplication } from '../../data/applications/wizard.ts';
import { deliverMessage } from '../../email/deliver.ts';
import { consumeRateLimit } from '../../lib/rate-limits.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as continueLinkHandler } from '../applications/continue-link.ts';
import { handler as find } from './find.ts';

let ip = 0;
const nextIp = () => `100.64.7.${(ip++ % 250) + 1}`;
const window = () => Math.floor(Date.now() / (10 * 60_000));
const ask = (email: unknown, sourceIp = nextIp()) =>
  invoke(find, apiEvent({ method: 'POST', route: '/api/order-lookups', path: '/api/order-lookups', body: { email }, sourceIp }));
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
/** The lookup the request queued for `email`, as the outbox's sender takes it: it queues the order links. */
const lookupId = (email: string) => `order-lookup:${hashSecret(email.trim().toLowerCase())}:${window()}`;
const sendLookup = (email: string) => deliverMessage(lookupId(email));

describe('find my order', () => {
  it('the wizard writes the lookup key of the email it saves, trimmed and lower-cased', async () => {
    const { id, resumeSecret } = await createApplication({ email: ' Ava.Finder@Example.COM ' });
    expect((await readApplication(id))?.emailKey).toBe('ava.finder@example.com');
    await saveApplication(id, resumeSecret, { email: 'other@example.com' });
    expect((await readApplication(id))?.emailKey).toBe('other@example.com');
    await saveApplication(id, resumeSecret, { email: '' });
    expect((await readApplication(id))?.emailKey).toBeUndefined();
  });

  it('emails a link to each order placed with the address, the order page when paid and the wizard when not', async () => {
    const email = unique('finder');
    const paid = await putApplication({ email, emailKey: email, status: 'submitted', paymentStatus: 'paid' });
    const draft = await putApplication({ email, emailKey: email });
    const res = await ask(email.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { sent: true } });
    // The request queued one lookup; its sending queues the links and sends nothing itself.
    expect(await getMessage(`order-link:${paid.id}:${window()}`)).toBeUndefined();
    expect(await getMessage(lookupId(email))).toMatchObject({ kind: 'order_lookup', to: email, status: 'pending' });
    expect(await sendLookup(email)).toBe('dropped');
    expect(await getMessage(lookupId(email))).toMatchObject({ status: 'dropped' });
    expect(await getMessage(`order-link:${paid.id}:${window()}`)).toMatchObject({ kind: 'order_link', to: email, applicationId: paid.id });
    expect(await getMessage(`continue-link:${draft.id}:${window()}`)).toMatchObject({
      kind: 'continue_link',
      to: email,
      applicationId: draft.id,
      payload: { at: 'wizard' },
    });
  });

  it('answers the same for an address with no orders, and sends an address at most three lookups an hour', async () => {
    const nobody = unique('nobody');
    expect(await ask(nobody)).toEqual(expect.objectContaining({ status: 200, body: { sent: true } }));
    // Its lookup is taken and done like any other, and nothing is sent.
    expect(await sendLookup(nobody)).toBe('dropped');
    const email = unique('limited');
    const app = await putApplication({ email, emailKey: email, status: 'submitted', paymentStatus: 'paid' });
    for (let i = 0; i < 4; i++) expect(await ask(email)).toMatchObject({ status: 200, body: { sent: true } });
    await sendLookup(email);
    // Each ask came from a fresh address, yet the email's own hourly limit is spent: the same answer, nothing more sent.
    const after = await consumeRateLimit(`order-lookup:${hashSecret(email)}`, 3, 3600);
    expect(after.allowed).toBe(false);
    expect(await getMessage(`order-link:${app.id}:${window()}`)).toMatchObject({ to: email });
  });

  it('does the same DynamoDB work for an address with orders as for one without', async () => {
    const known = unique('known');
    await putApplication({ email: known, emailKey: known, status: 'submitted', paymentStatus: 'paid' });
    await putApplication({ email: known, emailKey: known });
    const callsFor = async (email: string) => {
      dynamoCallLog.length = 0;
      expect(await ask(email)).toMatchObject({ status: 200, body: { sent: true } });
      return [...dynamoCallLog];
    };
    const forKnown = await callsFor(known);
    const forUnknown = await callsFor(unique('unknown'));
    // The same commands in the same order, and no read of the orders in the request at all.
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown).not.toContain('QueryCommand');
    expect(forKnown.filter((c) => c === 'PutItemCommand')).toHaveLength(1);
    expect(forKnown.length).toBeGreaterThan(1);
  });

  it('refuses a value that is not an email with a 400 naming the field', async () => {
    const res = await ask('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
    expect(JSON.stringify(res.body)).toContain('Email');
  });
});

describe('email me a link to continue', () => {
  const sendContinue = (id: string, resumeSecret?: string | null) =>
    invoke(
      continueLinkHandler,
      apiEvent({
        method: 'POST',
        route: '/api/llc-applications/{id}/continue-links',
        path: `/api/llc-applications/${id}/continue-links`,
        pathParameters: { id },
        body: {},
        resumeSecret,
        sourceIp: nextIp(),
      }),
    );

  it('sends the holder’s own address a continue link; a stranger learns nothing; a paid order is refused', async () => {
    const email = unique('continue');
    const app = await putApplication({ email });
    expect(await sendContinue(app.id)).toMatchObject({ status: 200, body: { sent: true } });
    expect(await getMessage(`continue-link:${app.id}:${window()}`)).toMatchObject({ kind: 'continue_link', to: email, payload: { at: 'wizard' } });
    // A submitted application's link opens the checkout.
    const submitted = await putApplication({ email, status: 'submitted', completed: true });
    expect(await sendContinue(submitted.id)).toMatchObject({ status: 200 });
    expect(await getMessage(`continue-link:${submitted.id}:${window()}`)).toMatchObject({ payload: { at: 'checkout' } });
    expect((await sendContinue(app.id, 'not-the-secret')).status).toBe(404);
    const paid = await putApplication({ status: 'submitted', paymentStatus: 'paid' });
    expect(await sendContinue(paid.id, TEST_RESUME_SECRET)).toMatchObject({ status: 409, body: { code: 'application_locked' } });
  });
});
