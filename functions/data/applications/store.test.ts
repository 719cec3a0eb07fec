import { describe, expect, it } from 'vitest';
import { putApplication, putPricedApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { DomainError } from '../../lib/errors.ts';
import { fulfilPayment } from '../payments.ts';
import { toPaymentApplication } from './item.ts';
import { createApplication, getApplication, markPaid, recordDocuments, recordPaymentFailure, saveApplication, updateApplicationByStaff } from './store.ts';

const FL_TOTAL_CENTS = 27500;
/** Who the staff changes are made by (the audit trail names them). */
const STAFF = { id: 'test-staff', email: 'staff@example.com', role: 'staff' as const };

/** The domain error a call rejects with (code and extras), or undefined when it resolves. */
async function failure(call: Promise<unknown>): Promise<Pick<DomainError, 'status' | 'code' | 'extras'> | undefined> {
  try {
    await call;
    return undefined;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: err.status, code: err.code, extras: err.extras };
  }
}

describe('the applications store', () => {
  it('starts new items at version 1 and bumps it on every write; an item without one counts as 0', async () => {
    const { id, resumeSecret } = await createApplication({ firstName: 'Ada' });
    expect((await getApplication(id)).version).toBe(1);
    await saveApplication(id, resumeSecret, { lastName: 'Lovelace' });
    expect((await getApplication(id)).version).toBe(2);

    const legacy = await putApplication();
    expect(legacy).not.toHaveProperty('version');
    await saveApplication(legacy.id, TEST_RESUME_SECRET, { phone: '305-555-0100' });
    expect((await readApplication(legacy.id))?.version).toBe(1);
  });

  it('has one not-found for an application, wherever it is looked up', async () => {
    const unknown = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(await failure(getApplication(unknown))).toEqual({ status: 404, code: 'application_not_found', extras: undefined });
    expect((await failure(saveApplication(unknown, TEST_RESUME_SECRET, { firstName: 'X' })))?.code).toBe('application_not_found');
    expect((await failure(updateApplicationByStaff(unknown, { notes: 'x' }, STAFF)))?.code).toBe('application_not_found');
    expect((await failure(updateApplicationByStaff(unknown, { status: 'processing' }, STAFF)))?.code).toBe('application_not_found');
  });

  it('refuses to mark paid what changed since it was read, and fulfilment reads again', async () => {
    const app = await putPricedApplication({}, { provider: 'stripe' });
    const read = toPaymentApplication(await getApplication(app.id));
    // A concurrent write (here a failed attempt being recorded) bumps the version.
    await recordPaymentFailure(app.id, 'pi_declined', 'Your card was declined');
    const stale = await failure(markPaid(read, { provider: 'stripe', reference: 'pi_stale', amountCents: FL_TOTAL_CENTS, currency: 'usd' }));
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', version: 1 });
    // Decided again on the current item: the frozen order still matches, so it is paid.
    expect(
      (await fulfilPayment({ applicationId: app.id, provider: 'stripe', reference: 'pi_new', amountCents: FL_TOTAL_CENTS, currency: 'usd' })).outcome,
    ).toBe('fulfilled');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_new', version: 2 });
  });

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
    await updateApplicationByStaff(app.id, { notes: 'Customer called.' }, STAFF);
    expect(await failure(recordDocuments(read, [doc('d1')], { activity, actor: STAFF }))).toMatchObject({ status: 409, code: 'version_conflict' });
    expect((await readApplication(app.id))?.documents).toBeUndefined();
    const first = await recordDocuments(await getApplication(app.id), [doc('d1')], { activity, actor: STAFF });
    const second = await recordDocuments(first, [doc('d2')], { activity, actor: STAFF, filedId: 'd1', fileNumber: 'L26000000001' });
    expect(second.version).toBe(3);
    expect((await getApplication(app.id)).documents?.map((d) => [d.id, d.version, d.filed ?? false])).toEqual([
      ['d1', 1, true],
      ['d2', 2, false],
    ]);
    expect(await readApplication(app.id)).toMatchObject({ fileNumber: 'L26000000001', version: 3 });

    const unpaid = await putApplication({ status: 'processing', paymentStatus: 'unpaid' });
    expect(await failure(recordDocuments(await getApplication(unpaid.id), [doc('d3')], { activity }))).toMatchObject({ status: 409, code: 'order_not_paid' });
  });

  it('shows staff the version, and answers a refused move with the status the application has', async () => {
    const app = await putApplication({ status: 'submitted', paymentStatus: 'paid' });
    const noted = await updateApplicationByStaff(app.id, { notes: 'First look.' }, STAFF);
    expect(noted).toMatchObject({ notes: 'First look.', version: 1 });
    const moved = await updateApplicationByStaff(app.id, { status: 'processing' }, STAFF);
    expect(moved).toMatchObject({ status: 'processing', version: 2 });
    expect(await failure(updateApplicationByStaff(app.id, { status: 'processing' }, STAFF))).toMatchObject({
      status: 409,
      code: 'status_conflict',
      extras: { currentStatus: 'processing' },
    });
    expect((await readApplication(app.id))?.version).toBe(2);
  });
});
