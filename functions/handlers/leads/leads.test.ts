import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { CRM_TIMEOUT_MS } from '../../data/leads.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as stage1 } from './stage1.ts';
import { handler as stage2 } from './stage2.ts';

const profile = {
  userId: 'user-lead-0001',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '305-555-0111',
  state: 'FL',
  contentTypes: ['tech'],
  platforms: ['youtube', 'tiktok'],
};
const stage1Body = { ...profile, stepCompleted: 2, leadSource: 'wizard_profile_step' };
const stage2Body = {
  ...profile,
  businessName: 'Compiler Co LLC',
  annualIncome: 80000,
  estimatedSavings: 4500,
  stepCompleted: 3,
  leadSource: 'wizard_business_setup',
};

/**
 * The wizard session's browser: its first lead write answers the lead's secret, which it sends
 * with every later write of the same userId (as frontend/src/features/wizard/wizard-api.ts does).
 */
const sessionSecrets = new Map<string, string>();
async function sendAs(handler: typeof stage1, route: string, body: unknown) {
  const userId = (body as { userId?: string })?.userId;
  const secret = userId ? sessionSecrets.get(userId) : undefined;
  const res = await invoke(
    handler,
    apiEvent({ method: 'POST', route, body: secret && body && typeof body === 'object' ? { ...body, leadSecret: secret } : body }),
  );
  if (userId && res.body?.leadSecret) sessionSecrets.set(userId, res.body.leadSecret);
  return res;
}
const send1 = (body: unknown) => sendAs(stage1, '/api/webhook/stage1', body);
const send2 = (body: unknown) => sendAs(stage2, '/api/webhook/stage2', body);
/** Someone else (who knows or guesses the userId) posting a lead: no secret, or a wrong one. */
const stranger = (body: Record<string, unknown>, leadSecret?: string) =>
  invoke(stage2, apiEvent({ method: 'POST', route: '/api/webhook/stage2', body: leadSecret ? { ...body, leadSecret } : body, sourceIp: '203.0.113.66' }));
const lead = async (userId: string) => (await ddb().send(new GetCommand({ TableName: tableName('leads'), Key: { userId } }))).Item;

// A stand-in CRM: records bodies (and how they were sent); `hang` makes it never answer,
// `answerStatus` sets the status it answers with.
let crm: Server;
let crmUrl = '';
let hang = false;
let answerStatus = 200;
const received: unknown[] = [];
const requests: { method?: string; contentType?: string; storedFirst: boolean }[] = [];
beforeAll(async () => {
  crm = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', async () => {
      const body = JSON.parse(text);
      received.push(body);
      // Was the lead already in DynamoDB when the CRM heard of it?
      const storedFirst = Boolean(await lead(body.userId));
      requests.push({ method: req.method, contentType: req.headers['content-type'], storedFirst });
      res.statusCode = answerStatus;
      if (!hang) res.end('ok');
    });
  });
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', () => r()));
  crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  crm.closeAllConnections();
  await new Promise((r) => crm.close(r));
});
afterEach(() => {
  delete process.env.CRM_WEBHOOK_URL;
  resetSecretsForTests();
  hang = false;
  answerStatus = 200;
  received.length = 0;
  requests.length = 0;
  vi.restoreAllMocks();
});

describe('lead webhooks', () => {
  it('stage1 then stage2 upsert one lead keyed by userId with the stages reached', async () => {
    const r1 = await send1(stage1Body);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ ok: true, stage: 1, crm: 'skipped', leadSecret: expect.stringMatching(/^[\w-]{32}$/) });
    let item = await lead(profile.userId);
    expect(item).toMatchObject({ userId: profile.userId, email: 'grace@example.com', leadSource: 'wizard_profile_step', stepCompleted: 2 });
    expect([...(item?.stagesReached ?? [])]).toEqual([1]);

    const r2 = await send2(stage2Body);
    expect(r2.status).toBe(200);
    // The secret is handed out once, and never stored as it is.
    expect(r2.body.leadSecret).toBeUndefined();
    expect(JSON.stringify(await lead(profile.userId))).not.toContain(r1.body.leadSecret);
    item = await lead(profile.userId);
    expect(item).toMatchObject({ businessName: 'Compiler Co LLC', annualIncome: 80000, estimatedSavings: 4500, stepCompleted: 3 });
    expect([...(item?.stagesReached ?? [])].sort()).toEqual([1, 2]);
    expect(item?.stage1At).toEqual(expect.any(String));
    expect(item?.stage2At).toEqual(expect.any(String));

    // Going back to step 2 later keeps stage 2 recorded.
    await send1(stage1Body);
    expect([...((await lead(profile.userId))?.stagesReached ?? [])].sort()).toEqual([1, 2]);

    const activity = await listRecentActivity(10);
    expect(activity.filter((a) => a.action === 'lead_captured').length).toBe(3);
    expect(activity[0].description).toContain('Grace Hopper');
  });

  it("refuses a stranger's overwrite of a lead with 403 JSON (no secret, or another session's), and the lead is unchanged", async () => {
    const userId = 'user-lead-victim';
    const first = await send1({ ...stage1Body, userId });
    expect(first.status).toBe(200);
    const before = await lead(userId);
    const attack = { ...stage2Body, userId, email: 'attacker@example.com', businessName: 'Hijacked LLC' };
    const other = await send1({ ...stage1Body, userId: 'user-lead-attacker' });
    for (const res of [await stranger(attack), await stranger(attack, other.body.leadSecret), await stranger(attack, 'x'.repeat(32))]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.stringContaining('another wizard session'), code: 'lead_secret_required' });
    }
    expect(await lead(userId)).toEqual(before);
    // Nothing of the attempts reached the CRM or the activity feed.
    expect((await listRecentActivity(20)).some((a) => a.description.includes('Hijacked'))).toBe(false);
    // The session that created it still writes it.
    expect((await send2({ ...stage2Body, userId })).status).toBe(200);
    expect(await lead(userId)).toMatchObject({ email: 'grace@example.com', businessName: 'Compiler Co LLC', stepCompleted: 3 });
  });

  it('keeps the first createdAt, moves updatedAt and records the stage and source in the activity feed', async () => {
    const userId = 'user-lead-0007';
    await send1({ ...stage1Body, userId });
    // Pretend stage 1 happened long ago.
    const old = '2020-01-01T00:00:00.000Z';
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('leads'),
        Key: { userId },
        UpdateExpression: 'SET createdAt = :old, updatedAt = :old',
        ExpressionAttributeValues: { ':old': old },
      }),
    );
    await send2({ ...stage2Body, userId });
    const item = await lead(userId);
    expect(item?.createdAt).toBe(old);
    expect(item?.updatedAt).not.toBe(old);
    expect(item?.updatedAt).toBe(item?.stage2At);
    const [latest] = await listRecentActivity(1);
    expect(latest).toMatchObject({ action: 'lead_captured', description: 'Lead captured: Grace Hopper reached stage 2 (wizard_business_setup)' });
  });

  it('keeps a lead 30 days from its last write (DynamoDB TTL), and files its activity as a lead', async () => {
    const userId = 'user-lead-0010';
    const day = 24 * 3600;
    await send1({ ...stage1Body, userId });
    const first = await lead(userId);
    const now = Math.floor(Date.now() / 1000);
    expect(first?.ttl).toBeGreaterThanOrEqual(now - 5 + 30 * day);
    expect(first?.ttl).toBeLessThanOrEqual(now + 30 * day);
    // Written again later: the 30 days start again.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('leads'),
        Key: { userId },
        UpdateExpression: 'SET #ttl = :soon',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':soon': now + day },
      }),
    );
    await send2({ ...stage2Body, userId });
    expect((await lead(userId))?.ttl).toBeGreaterThanOrEqual(now - 5 + 30 * day);
    const [latest] = await listRecentActivity(1, ['lead']);
    expect(latest).toMatchObject({ action: 'lead_captured', category: 'lead' });
  });

  it('refuses a flood of lead posts from one address with 429 and Retry-After (30 a minute for both stages)', async () => {
    vi.spyOn(Date, 'now').mockReturnValue((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 2000);
    const flood = (i: number) => ({ ...(i % 2 ? stage2Body : stage1Body), userId: `user-flood-${String(i).padStart(4, '0')}` });
    const post = (i: number) =>
      invoke(i % 2 ? stage2 : stage1, apiEvent({ method: 'POST', route: `/api/webhook/stage${i % 2 ? 2 : 1}`, body: flood(i), sourceIp: '192.0.2.77' }));
    for (let i = 0; i < 30; i++) expect((await post(i)).status, `post ${i + 1}`).toBe(200);
    const refused = await post(30);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests from this network: try again in 58 seconds', code: 'rate_limited', retryAfterSeconds: 58 });
    expect(refused.headers['retry-after']).toBe('58');
    expect(await lead('user-flood-0030')).toBeUndefined();
    // Another visitor is not affected.
    expect((await invoke(stage1, apiEvent({ method: 'POST', route: '/api/webhook/stage1', body: flood(32), sourceIp: '192.0.2.78' }))).status).toBe(200);
  });

  it('validates the payloads exactly (fields, step and source)', async () => {
    const userId = 'user-invalid-01';
    expect((await send1({ ...stage1Body, userId, stepCompleted: 3 })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, leadSource: 'other' })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, email: 'nope' })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, extra: 1 })).status).toBe(400);
    const missing = await send2({ ...stage2Body, userId, businessName: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toHaveProperty('businessName');
    // Blank contact fields (spaces only) and an over-long email are refused with readable messages.
    const blank = await send2({ ...stage2Body, userId, firstName: ' ', lastName: '', phone: '  ', businessName: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Phone is required'],
      businessName: ['Business name is required'],
    });
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(longEmail.length).toBe(255);
    expect((await send1({ ...stage1Body, userId, email: longEmail })).status).toBe(400);
    expect((await send2({ ...stage2Body, userId, leadSource: 'wizard_profile_step' })).status).toBe(400);
    expect(await lead(userId)).toBeUndefined();
  });

  it('forwards the payload to the configured CRM', async () => {
    process.env.CRM_WEBHOOK_URL = crmUrl;
    resetSecretsForTests();
    const res = await send2({ ...stage2Body, userId: 'user-lead-0002' });
    expect(res.body.crm).toBe('sent');
    expect(received).toEqual([{ ...stage2Body, userId: 'user-lead-0002' }]);
    // A later write carries the session's secret: the CRM never sees it.
    expect((await send2({ ...stage2Body, userId: 'user-lead-0002' })).status).toBe(200);
    expect(received).toEqual([
      { ...stage2Body, userId: 'user-lead-0002' },
      { ...stage2Body, userId: 'user-lead-0002' },
    ]);
    // POSTed as JSON, and only after the lead is stored.
    expect(requests[0]).toEqual({ method: 'POST', contentType: 'application/json', storedFirst: true });
  });

  it('a CRM answering with an error status counts as failed, and the lead is still stored', async () => {
    process.env.CRM_WEBHOOK_URL = crmUrl;
    resetSecretsForTests();
    answerStatus = 500;
    const res = await send1({ ...stage1Body, userId: 'user-lead-0005' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, stage: 1, crm: 'failed', leadSecret: expect.any(String) });
    expect(received).toHaveLength(1);
    expect(await lead('user-lead-0005')).toBeDefined();
  });

  it('a CRM URL that is not http(s) is never called', async () => {
    for (const url of ['ftp://127.0.0.1/hook', 'file:///etc/passwd', 'javascript:alert(1)']) {
      process.env.CRM_WEBHOOK_URL = url;
      resetSecretsForTests();
      const res = await send1({ ...stage1Body, userId: 'user-lead-0006' });
      expect(res.status).toBe(200);
      expect(res.body.crm, url).toBe('skipped');
    }
  });

  it('a hanging CRM costs at most 3 s and never fails the request', async () => {
    process.env.CRM_WEBHOOK_URL = crmUrl;
    resetSecretsForTests();
    hang = true;
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const started = Date.now();
    const res = await send1({ ...stage1Body, userId: 'user-lead-0003' });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.crm).toBe('failed');
    // The request waited for the CRM's timeout, and the timeout is 3 s (the spy below): an upper
    // bound on the wall time would measure the machine's load, not the handler.
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(CRM_TIMEOUT_MS).toBe(3000);
    expect(timeout).toHaveBeenCalledWith(3000);
    expect(await lead('user-lead-0003')).toBeDefined();
  });

  it('an unreachable CRM is logged and ignored', async () => {
    process.env.CRM_WEBHOOK_URL = 'http://127.0.0.1:9/unreachable';
    resetSecretsForTests();
    const res = await send1({ ...stage1Body, userId: 'user-lead-0004' });
    expect(res.status).toBe(200);
    expect(res.body.crm).toBe('failed');
  });
});
