import { describe, expect, it } from 'vitest';
import { WORK_STAGES } from '#shared/staff/work-queue.ts';
import { putApplication, readApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { refusal, STAFF_ACTOR } from '../../../tests/helpers/refusal.ts';
import { recordDocuments } from './documents.ts';
import type { ApplicationItem } from './item.ts';
import { saveFilingDetails } from './order-page.ts';
import { markNeedsReview, markPaid, recordRefunds, toPaymentApplication } from './payments.ts';
import { backfillQueueStages } from './queue-backfill.ts';
import { getApplication } from './reads.ts';
import { updateApplicationByStaff } from './staff.ts';
import { type CountCost, countStage, workQueue, workQueueStage } from './work-queue.ts';

const ids = (section: { items: { id: string }[] }) => section.items.map((a) => a.id);
const mine = (section: { items: { id: string }[] }, of: { id: string }[]) => ids(section).filter((id) => of.some((a) => a.id === id));

/** A submitted order paid through the real payment write: the customer has not given the filing details yet. */
async function paidWithoutDetails(businessName: string): Promise<ApplicationItem> {
  const app = await putApplication({
    status: 'submitted',
    paymentStatus: 'unpaid',
    businessName,
    email: 'ava@example.com',
    queue: 'unpaid',
    queueSince: new Date().toISOString(),
  });
  await markPaid(toPaymentApplication(app as ApplicationItem), { provider: 'stripe', reference: `pi_${businessName}`, amountCents: 35_000, currency: 'usd' });
  return getApplication(app.id);
}

const FORMATION = { id: 'doc-1', kind: 'formation', title: 'Articles', key: 'k0', fileName: 'f.pdf', version: 1, origin: 'generated', size: 10 } as const;
const STAMPED = { id: 'doc-2', kind: 'approved_articles', title: 'Approved articles', key: 'k1', fileName: 'a.pdf', origin: 'uploaded', size: 10 } as const;

describe('the work queue', () => {
  it('keeps a paid order in exactly one stage from payment to completion, with its age', async () => {
    const a = await paidWithoutDetails('Alpha');
    // Paid, no details: waiting for the customer, since the payment (money taken, so it is listed).
    expect(a).toMatchObject({ queue: 'details', queueSince: a.paidAt });
    expect(mine(await workQueueStage('details', undefined), [a])).toEqual([a.id]);
    expect(mine(await workQueueStage('unpaid', undefined), [a])).toEqual([]);

    await saveFilingDetails(a, storedFilingDetails() as never, undefined);
    const ready = await getApplication(a.id);
    expect(ready).toMatchObject({ queue: 'ready', queueSince: ready.detailsCompletedAt });
    expect(mine(await workQueueStage('details', undefined), [a])).toEqual([]);

    // Start Processing: listed at once (not after 3 days), under the processor who started it.
    await updateApplicationByStaff(a.id, { status: 'processing' }, STAFF_ACTOR);
    const processing = (await workQueueStage('processing', undefined)).items.find((x) => x.id === a.id);
    expect(processing).toMatchObject({ queue: 'processing', assignee: { id: STAFF_ACTOR.id, email: STAFF_ACTOR.email } });
    expect(processing?.queueSince).toBe((await getApplication(a.id)).processingAt);

    // Mark Filed: waiting on the state's stamped document; recording it: filed, waiting for the rest.
    await setApplicationFields(a.id, { documents: [{ ...FORMATION, createdAt: new Date().toISOString() }] });
    await updateApplicationByStaff(a.id, { status: 'filed', fileNumber: 'L26000123456', filedOn: new Date().toISOString().slice(0, 10) }, STAFF_ACTOR);
    expect(mine(await workQueueStage('state', undefined), [a])).toEqual([a.id]);
    const filed = await getApplication(a.id);
    const written = await recordDocuments(filed, [{ ...STAMPED, createdAt: new Date().toISOString() }], {
      activity: { action: 'document_uploaded', text: 'Approved articles uploaded' },
      actor: STAFF_ACTOR,
    });
    expect(written.queue).toBe('filed');
    expect(mine(await workQueueStage('state', undefined), [a])).toEqual([]);
    expect(mine(await workQueueStage('filed', undefined), [a])).toEqual([a.id]);
  });

  it("someone else's order keeps its assignee when started; a held payment is review; a refund leaves every stage", async () => {
    const b = await paidWithoutDetails('Bravo');
    await saveFilingDetails(b, storedFilingDetails() as never, undefined);
    const other = { id: 'other-person', email: 'other@example.com', at: new Date().toISOString() };
    await setApplicationFields(b.id, { assignee: other });
    await updateApplicationByStaff(b.id, { status: 'processing' }, STAFF_ACTOR);
    expect((await getApplication(b.id)).assignee).toEqual(other);

    const held = await putApplication({ status: 'submitted', paymentStatus: 'pending', version: 1 });
    await markNeedsReview(toPaymentApplication(held as ApplicationItem), {
      reason: 'amount differs',
      provider: 'stripe',
      reference: 'pi_held',
      amountCents: 100,
      currency: 'usd',
    });
    expect(mine(await workQueueStage('review', undefined), [held])).toEqual([held.id]);

    const c = await paidWithoutDetails('Charlie');
    const refund = { id: 're_Charlie', amountCents: 35000, reason: 'asked', source: 'provider' as const, at: new Date().toISOString() };
    expect(await recordRefunds(c.id, 'pi_Charlie', [refund])).toBe('recorded');
    const all = await workQueue({});
    expect(all.sections.map((s) => s.stage)).toEqual([...WORK_STAGES]);
    expect(all.sections.flatMap((s) => mine(s, [c]))).toEqual([]);
  });

  it('counts a stage exactly beyond its first page, and reads each stage with one Query of the index and its count, never a Scan', async () => {
    const before = await countStage('ready');
    const apps: ApplicationItem[] = [];
    for (let i = 0; i < 27; i++) apps.push(await paidWithoutDetails(`Page ${i}`));
    expect(await countStage('details')).toBeGreaterThanOrEqual(27);
    for (const app of apps) await saveFilingDetails(app, storedFilingDetails() as never, undefined);
    dynamoCallLog.length = 0;
    const first = await workQueue({});
    // Per stage: its first page and its count (one COUNT page each here).
    expect(dynamoCallLog).toEqual(WORK_STAGES.flatMap(() => ['QueryCommand', 'QueryCommand']));
    const ready = first.sections.find((s) => s.stage === 'ready');
    expect(ready?.items).toHaveLength(25);
    // The real number, not "25+".
    expect(ready?.count).toBe(before + 27);
    expect(ready?.nextCursor).toEqual(expect.any(String));
    const rest = await workQueue({ stage: 'ready', cursor: ready?.nextCursor ?? undefined });
    expect(rest.sections[0].count).toBeUndefined();
    expect([...mine(ready as never, apps), ...mine(rest.sections[0], apps)]).toEqual(apps.map((a) => a.id));
    // Another stage's cursor, or a made-up one, is a 400.
    expect(await refusal(workQueue({ stage: 'filed', cursor: ready?.nextCursor ?? undefined }))).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect(await refusal(workQueue({ stage: 'ready', cursor: 'bm90LWpzb24' }))).toMatchObject({ status: 400, code: 'invalid_cursor' });

    // What a count costs: one COUNT page (up to 1 MB of the stage's index items) and the capacity DynamoDB reports.
    const cost: CountCost = { pages: 0, readUnits: 0 };
    const count = await countStage('ready', cost);
    expect(cost.pages).toBe(1);
    console.info(`work queue count: ${count} ready orders, ${cost.pages} page(s), ${cost.readUnits} read unit(s)`);
  });

  it('the backfill puts stored orders in their stage, dated from the change that put them there, once', async () => {
    const paidAt = '2026-01-05T10:00:00.000Z';
    // Written before stages existed: a paid order without details had none; processing and filed orders had old ones.
    const waiting = await putApplication({
      status: 'submitted',
      paymentStatus: 'paid',
      paidAt,
      detailsCompletedAt: undefined,
      filingDetails: undefined,
      listPartition: 'ALL',
    });
    const processing = await putApplication({
      status: 'processing',
      paymentStatus: 'paid',
      paidAt,
      processingAt: '2026-01-07T10:00:00.000Z',
      listPartition: 'ALL',
      queue: 'processing',
      queueSince: '2026-01-07T10:00:00.000Z',
    });
    const filed = await putApplication({
      status: 'filed',
      paymentStatus: 'paid',
      paidAt,
      filedAt: '2026-01-09T10:00:00.000Z',
      listPartition: 'ALL',
      queue: 'filed',
      queueSince: '2026-01-09T10:00:00.000Z',
    });
    const done = await putApplication({ status: 'completed', paymentStatus: 'paid', paidAt, listPartition: 'ALL' });
    const first = await backfillQueueStages();
    expect(first.ordersMoved).toBeGreaterThanOrEqual(2);
    expect(await readApplication(waiting.id)).toMatchObject({ queue: 'details', queueSince: paidAt });
    expect(await readApplication(processing.id)).toMatchObject({ queue: 'processing', queueSince: '2026-01-07T10:00:00.000Z' });
    expect(await readApplication(filed.id)).toMatchObject({ queue: 'state', queueSince: '2026-01-09T10:00:00.000Z' });
    expect((await readApplication(done.id))?.queue).toBeUndefined();
    // The oldest waiting order is first in its stage, with its age.
    expect(ids(await workQueueStage('details', undefined))[0]).toBe(waiting.id);
    expect((await backfillQueueStages()).ordersMoved).toBe(0);
  });
});
