import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
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
const stage2Body = { ...profile, businessName: 'Compiler Co LLC', annualIncome: 80000, estimatedSavings: 4500, stepCompleted: 3, leadSource: 'wizard_business_setup' };

const send1 = (body: unknown) => invoke(stage1, apiEvent({ method: 'POST', route: '/api/webhook/stage1', body }));
const send2 = (body: unknown) => invoke(stage2, apiEvent({ method: 'POST', route: '/api/webhook/stage2', body }));
const lead = async (userId: string) => (await ddb().send(new GetCommand({ TableName: tableName('leads'), Key: { userId } }))).Item;

// A stand-in CRM: records bodies; `hang` makes it never answer.
let crm: Server;
let crmUrl = '';
let hang = false;
const received: unknown[] = [];
beforeAll(async () => {
  crm = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push(JSON.parse(text));
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
  received.length = 0;
});

describe('lead webhooks', () => {
  it('stage1 then stage2 upsert one lead keyed by userId with the stages reached', async () => {
    const r1 = await send1(stage1Body);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ ok: true, stage: 1, crm: 'skipped' });
    let item = await lead(profile.userId);
    expect(item).toMatchObject({ userId: profile.userId, email: 'grace@example.com', leadSource: 'wizard_profile_step', stepCompleted: 2 });
    expect([...(item?.stagesReached ?? [])]).toEqual([1]);

    const r2 = await send2(stage2Body);
    expect(r2.status).toBe(200);
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

  it('validates the payloads exactly (fields, step and source)', async () => {
    const userId = 'user-invalid-01';
    expect((await send1({ ...stage1Body, userId, stepCompleted: 3 })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, leadSource: 'other' })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, email: 'nope' })).status).toBe(400);
    expect((await send1({ ...stage1Body, userId, extra: 1 })).status).toBe(400);
    const missing = await send2({ ...stage2Body, userId, businessName: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toHaveProperty('businessName');
    expect(await lead(userId)).toBeUndefined();
  });

  it('forwards the payload to the configured CRM', async () => {
    process.env.CRM_WEBHOOK_URL = crmUrl;
    resetSecretsForTests();
    const res = await send2({ ...stage2Body, userId: 'user-lead-0002' });
    expect(res.body.crm).toBe('sent');
    expect(received).toEqual([{ ...stage2Body, userId: 'user-lead-0002' }]);
  });

  it('a hanging CRM costs at most 3 s and never fails the request', async () => {
    process.env.CRM_WEBHOOK_URL = crmUrl;
    resetSecretsForTests();
    hang = true;
    const started = Date.now();
    const res = await send1({ ...stage1Body, userId: 'user-lead-0003' });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.crm).toBe('failed');
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(6000);
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
