import { describe, expect, it } from 'vitest';
import { WORK_STAGES } from '#shared/staff/work-queue.ts';
import { putApplication, readApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { refusal, STAFF_ACTOR } from '../../../tests/helpers/refusal.ts';
import type { ApplicationItem } from './item.ts';
import { saveFilingDetails } from './order-page.ts';
import { markNeedsReview, recordRefunds, toPaymentApplication } from './payments.ts';
import { updateApplicationByStaff } from './staff.ts';
import { workQueue, workQueueStage } from './work-queue.ts';

const DAY = 86_400_000;
const ids = (section: { items: { id: string }[] }) => section.items.map((a) => a.id);

/** A paid order whose customer has not given the filing details yet: nobody's work. */
const paidWithoutDetails = (businessName: string) =>
  putApplication({
    status: 'submitted',
    paymentStatus: 'paid',
    detailsCompletedAt: undefined,
    filingDetails: undefined,
    paymentReference: `pi_${businessName}`,
    businessName,
  }) as Promise<ApplicationItem & { id: string }>;

describe('the work queue', () => {
  it('lists orders as the product moves them: ready oldest first, stale processing, filed, review; refunded ones leave', async () => {
    const [a, b, c] = [await paidWithoutDetails('Alpha'), await paidWithoutDetails('Bravo'), await paidWithoutDetails('Charlie')];
    expect((await workQueueStage('ready', undefined)).items).toEqual([]);

    // Details completed B, then A, then C: the queue is oldest first, whatever the creation order.
    for (const app of [b, a, c]) await saveFilingDetails(app, storedFilingDetails() as never, undefined);
    expect(ids(await workQueueStage('ready', undefined))).toEqual([b.id, a.id, c.id]);
    const ready = (await workQueueStage('ready', undefined)).items[0];
    expect(ready.queue).toBe('ready');
    expect(ready.queueSince).toBe((await readApplication(b.id))?.detailsCompletedAt);

    // Start Processing takes A off "ready"; it is listed as processing only after 3 days of it.
    await updateApplicationByStaff(a.id, { status: 'processing' }, STAFF_ACTOR);
    expect(ids(await workQueueStage('ready', undefined))).toEqual([b.id, c.id]);
    expect(ids(await workQueueStage('processing', undefined))).toEqual([]);
    expect(ids(await workQueueStage('processing', undefined, new Date(Date.now() + 3 * DAY + 60_000)))).toEqual([a.id]);

    // Mark Filed (the formation document generated, as Start Processing does): filed, not completed.
    await setApplicationFields(a.id, {
      documents: [
        {
          id: 'doc-1',
          kind: 'formation',
          title: 'Articles',
          key: 'k0',
          fileName: 'f.pdf',
          version: 1,
          createdAt: new Date().toISOString(),
          origin: 'generated',
          size: 10,
        },
      ],
    });
    await updateApplicationByStaff(a.id, { status: 'filed', fileNumber: 'L26000123456', filedOn: new Date().toISOString().slice(0, 10) }, STAFF_ACTOR);
    expect(ids(await workQueueStage('filed', undefined))).toEqual([a.id]);
    expect(ids(await workQueueStage('processing', undefined, new Date(Date.now() + 30 * DAY)))).toEqual([]);

    // A payment held for review needs a person; a refund takes an order out of every stage.
    const held = await putApplication({ status: 'submitted', paymentStatus: 'pending', version: 1 });
    await markNeedsReview(toPaymentApplication(held as ApplicationItem), {
      reason: 'amount differs',
      provider: 'stripe',
      reference: 'pi_held',
      amountCents: 100,
      currency: 'usd',
    });
    expect(ids(await workQueueStage('review', undefined))).toEqual([held.id]);
    const refund = { id: 're_Bravo', amountCents: 35000, reason: 'asked', source: 'provider' as const, at: new Date().toISOString() };
    expect(await recordRefunds(b.id, 'pi_Bravo', [refund])).toBe('recorded');
    const all = await workQueue({}, new Date(Date.now() + 30 * DAY));
    expect(all.sections.map((s) => [s.stage, ids(s)])).toEqual([
      ['ready', [c.id]],
      ['review', [held.id]],
      ['dispute', []],
      ['processing', []],
      ['filed', [a.id]],
    ]);
  });

  it('reads each stage with one Query of the index, never a Scan, and pages a stage with its cursor', async () => {
    const apps = [];
    for (let i = 0; i < 27; i++) apps.push(await paidWithoutDetails(`Page ${i}`));
    for (const app of apps) await saveFilingDetails(app, storedFilingDetails() as never, undefined);
    dynamoCallLog.length = 0;
    const first = await workQueue({});
    expect(dynamoCallLog).toEqual(WORK_STAGES.map(() => 'QueryCommand'));
    const ready = first.sections[0];
    expect(ready.items).toHaveLength(25);
    expect(ready.nextCursor).toEqual(expect.any(String));
    const rest = await workQueue({ stage: 'ready', cursor: ready.nextCursor ?? undefined });
    // (The first test's orders are in this file's table too: only this test's are compared.)
    const mine = new Set(apps.map((a) => a.id));
    expect([...ids(ready), ...ids(rest.sections[0])].filter((id) => mine.has(id))).toEqual(apps.map((a) => a.id));
    // Another stage's cursor, or a made-up one, is a 400.
    expect(await refusal(workQueue({ stage: 'filed', cursor: ready.nextCursor ?? undefined }))).toMatchObject({ status: 400, code: 'invalid_cursor' });
    expect(await refusal(workQueue({ stage: 'ready', cursor: 'bm90LWpzb24' }))).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });
});
