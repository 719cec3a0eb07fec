import { describe, expect, it } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { refusal, STAFF_ACTOR } from '../../../tests/helpers/refusal.ts';
import { recordDocuments } from './documents.ts';
import { getApplication } from './reads.ts';
import { updateApplicationByStaff } from './staff.ts';

describe("the order's documents", () => {
  it('records documents only on the version read, numbers each kind and keeps every version', async () => {
    const app = await putApplication({ status: 'processing', paymentStatus: 'paid' });
    const doc = (id: string) => ({
      id,
      kind: 'formation' as const,
      title: 'Articles of Organization',
      key: `documents/orders/${app.id}/${id}.pdf`,
      fileName: 'fl-articles.pdf',
      createdAt: new Date().toISOString(),
      origin: 'generated' as const,
      size: 1000,
    });
    const activity = { action: 'documents_generated' as const, text: 'Documents generated' };
    const read = await getApplication(app.id);
    await updateApplicationByStaff(app.id, { notes: 'Customer called.' }, STAFF_ACTOR);
    expect(await refusal(recordDocuments(read, [doc('d1')], { activity, actor: STAFF_ACTOR }))).toMatchObject({ status: 409, code: 'version_conflict' });
    expect((await readApplication(app.id))?.documents).toBeUndefined();
    const first = await recordDocuments(await getApplication(app.id), [doc('d1')], { activity, actor: STAFF_ACTOR });
    const second = await recordDocuments(first, [doc('d2')], { activity, actor: STAFF_ACTOR, filedId: 'd1', fileNumber: 'L26000000001' });
    expect(second.version).toBe(3);
    expect((await getApplication(app.id)).documents?.map((d) => [d.id, d.version, d.filed ?? false])).toEqual([
      ['d1', 1, true],
      ['d2', 2, false],
    ]);
    expect(await readApplication(app.id)).toMatchObject({ fileNumber: 'L26000000001', version: 3 });

    const unpaid = await putApplication({ status: 'processing', paymentStatus: 'unpaid' });
    expect(await refusal(recordDocuments(await getApplication(unpaid.id), [doc('d3')], { activity }))).toMatchObject({ status: 409, code: 'order_not_paid' });
  });
});
