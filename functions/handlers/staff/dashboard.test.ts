import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PENDING_STAGES } from '#shared/staff/work-queue.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { applicationItem, batchPut, putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { recordActivity } from '../../data/activity.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { handler as dashboard } from './dashboard.ts';
import { handler as updateApplication } from './update-application.ts';

/**
 * The dashboard's cost must not grow with the data: same DynamoDB calls at 100 and at 5,000
 * applications. Applications are bulk-written with a counters item consistent with them, and
 * a realistic subset is moved through the real status transition.
 */
let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
  // Start Processing generates the documents: our registered agent has its office in the fixtures' states.
  await putOperatorAgentOffices();
});

const STATUSES = ['submitted', 'processing', 'filed', 'completed'] as const;

async function grow(to: number, existing: Record<string, number>) {
  const have = Object.values(existing).reduce((a, b) => a + b, 0);
  const items = Array.from({ length: to - have }, (_, i) =>
    applicationItem({ status: STATUSES[(have + i) % 4], createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + (have + i) * 1000).toISOString() }),
  );
  await batchPut('applications', items);
  for (const it of items) existing[it.status] = (existing[it.status] ?? 0) + 1;
  await ddb().send(new PutCommand({ TableName: tableName('counters'), Item: { id: 'STATS', ...existing, openTickets: 3 } }));
}

async function measuredDashboard() {
  dynamoCallLog.length = 0;
  const res = await invoke(dashboard, apiEvent({ method: 'GET', route: '/api/staff/dashboard', headers }));
  expect(res.status).toBe(200);
  // The token check is one GetItem; the rest is the dashboard itself.
  return { body: res.body, calls: [...dynamoCallLog].sort() };
}

describe('GET /api/staff/dashboard', () => {
  it('costs the same DynamoDB calls at 100 and at 5,000 applications', { timeout: 120_000 }, async () => {
    const counts: Record<string, number> = {};
    await grow(100, counts);
    for (let i = 0; i < 25; i++) await recordActivity('ticket_created', `entry ${i}`);
    // A realistic subset moves through the real transition (transaction with the counters).
    const moved = await putApplication({ status: 'submitted' });
    counts.submitted += 1;
    await ddb().send(new PutCommand({ TableName: tableName('counters'), Item: { id: 'STATS', ...counts, openTickets: 3 } }));
    const patch = await invoke(updateApplication, staffUpdateEvent(moved.id, { status: 'processing' }, headers));
    expect(patch.status).toBe(200);
    counts.submitted -= 1;
    counts.processing += 1;

    const small = await measuredDashboard();
    // Pending is the work queue's paid stages: the bulk rows carry no stage (history the queue does
    // not hold), the moved order is in processing.
    expect(small.body).toMatchObject({
      totalApplications: 101,
      pendingApplications: 1,
      completedApplications: counts.completed,
      openTickets: 3,
    });
    expect(small.body.recentActivity).toHaveLength(20);
    // The move's entry, with the documents Start Processing generated right after it.
    const move = small.body.recentActivity.find((a: { action: string }) => a.action === 'status_changed');
    expect(move).toMatchObject({ action: 'status_changed', description: expect.stringContaining('Start Processing') });
    const newest = small.body.recentActivity.slice(0, 2).map((a: { action: string }) => a.action);
    expect(newest.sort()).toEqual(['documents_generated', 'status_changed']);
    expect(Object.keys(move).sort()).toEqual(['action', 'category', 'createdAt', 'description', 'id']);
    expect(move.category).toBe('filing');

    await grow(5001, counts);
    const large = await measuredDashboard();
    expect(large.body.totalApplications).toBe(5001);
    expect(large.body.pendingApplications).toBe(1);
    expect(large.body.completedApplications).toBe(counts.completed);

    expect(large.calls).toEqual(small.calls);
    // Session GetItem + counters GetItem + one activity Query per category shown (money, filing,
    // support, leads) + one COUNT Query per paid stage of the queue (it grows with the open work only).
    expect(small.calls).toEqual(['GetItemCommand', 'GetItemCommand', ...Array(4 + PENDING_STAGES.length).fill('QueryCommand')]);
  });

  it('a flood of leads never pushes payment alerts or filing events out: leads are listed apart', async () => {
    await recordActivity('payment_needs_review', 'Payment needs review: $450 USD by stripe (pi_1) for Glow LLC: the order changed. Refund it.', 'app-1');
    await recordActivity('payment_duplicate', 'A second stripe payment (pi_2, $450) arrived for an application that is already paid: refund it', 'app-2');
    await recordActivity('status_changed', 'Start Processing: Glow LLC moved from submitted to processing', 'app-3');
    // 100 lead posts in a few seconds, after the alerts, each in its own millisecond: two entries
    // of one millisecond have no order between them, and this test names which ten are newest.
    const start = Date.now() + 1;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 100; i++) {
        vi.setSystemTime(start + i);
        await recordActivity('lead_captured', `Lead captured: Visitor ${i} reached stage 1 (wizard_profile_step)`);
      }
    } finally {
      vi.useRealTimers();
    }
    const { body, calls } = await measuredDashboard();
    const actions = body.recentActivity.map((a: { action: string }) => a.action);
    expect(actions).toContain('payment_needs_review');
    expect(actions).toContain('payment_duplicate');
    expect(actions).toContain('status_changed');
    expect(actions).not.toContain('lead_captured');
    expect(body.recentActivity.length).toBeLessThanOrEqual(20);
    for (const a of body.recentActivity) expect(['money', 'filing', 'support']).toContain(a.category);
    // Newest first across the categories.
    const times = body.recentActivity.map((a: { createdAt: string }) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The leads: the newest 10, apart.
    expect(body.recentLeads).toHaveLength(10);
    expect(body.recentLeads[0]).toMatchObject({ action: 'lead_captured', category: 'lead', description: expect.stringContaining('Visitor 99') });
    expect(body.recentLeads[9].description).toContain('Visitor 90');
    // Still one Query per category (and the pending count's), no Scan.
    expect(calls.filter((c) => c === 'QueryCommand')).toHaveLength(4 + PENDING_STAGES.length);
    expect(calls.some((c) => c.startsWith('Scan'))).toBe(false);
  });

  it('Pending is every paid order not completed, exactly, above 25: unpaid submissions and held payments are not pending', async () => {
    const before = (await measuredDashboard()).body.pendingApplications;
    const since = new Date().toISOString();
    const stages = { details: 12, ready: 9, processing: 5, state: 2, filed: 1, dispute: 1 };
    const paid = Object.entries(stages).flatMap(([queue, n]) =>
      Array.from({ length: n }, () =>
        applicationItem({ status: 'submitted', paymentStatus: queue === 'dispute' ? 'disputed' : 'paid', queue, queueSince: since }),
      ),
    );
    const notPending = [
      ...Array.from({ length: 7 }, () => applicationItem({ status: 'submitted', paymentStatus: 'unpaid', queue: 'unpaid', queueSince: since })),
      applicationItem({ status: 'submitted', paymentStatus: 'needs_review', queue: 'review', queueSince: since }),
    ];
    await batchPut('applications', [...paid, ...notPending]);
    const { body } = await measuredDashboard();
    expect(body.pendingApplications - before).toBe(30);
  });
});
