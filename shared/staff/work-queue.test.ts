import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  chaseWindow,
  PENDING_STAGES,
  promiseHoursLeft,
  queueStageOf,
  stageSinceOf,
  staleProcessingCutoff,
  WORK_STAGES,
} from './work-queue.ts';

describe('the work queue rules', () => {
  it('puts each order in the stage a person must act on, and none when nobody must', () => {
    expect(queueStageOf({ status: 'draft' })).toBeUndefined();
    expect(queueStageOf({ status: 'submitted' })).toBe('unpaid');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'pending' })).toBe('unpaid');
    // Paid without the filing details: money taken, so it waits for the customer, in the queue.
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'paid' })).toBe('details');
    expect(queueStageOf({ paymentStatus: 'paid' })).toBe('details');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'paid', detailsCompletedAt: '2026-11-20T09:00:00.000Z' })).toBe('ready');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'needs_review' })).toBe('review');
    expect(queueStageOf({ status: 'processing', paymentStatus: 'paid' })).toBe('processing');
    // Filed: waiting on the state's stamped document until it is recorded, then on the rest.
    expect(queueStageOf({ status: 'filed', paymentStatus: 'paid' })).toBe('state');
    expect(queueStageOf({ status: 'filed', paymentStatus: 'paid', documents: [{ kind: 'formation' }] })).toBe('state');
    expect(queueStageOf({ status: 'filed', paymentStatus: 'paid', documents: [{ kind: 'approved_articles' }] })).toBe('filed');
    expect(queueStageOf({ status: 'filed', paymentStatus: 'disputed' })).toBe('dispute');
    expect(queueStageOf({ status: 'completed', paymentStatus: 'paid' })).toBeUndefined();
    expect(queueStageOf({ status: 'processing', paymentStatus: 'refunded' })).toBeUndefined();
  });

  it('leaves no paid, uncompleted order out of a stage, and counts no unpaid one as pending', () => {
    const statuses = [undefined, 'submitted', 'processing', 'filed'];
    const details = [undefined, '2026-11-20T09:00:00.000Z'];
    const documents = [[], [{ kind: 'approved_articles' }]];
    for (const status of statuses)
      for (const detailsCompletedAt of details)
        for (const docs of documents) {
          const stage = queueStageOf({ status, paymentStatus: 'paid', detailsCompletedAt, documents: docs });
          expect(WORK_STAGES).toContain(stage);
          expect(PENDING_STAGES).toContain(stage);
        }
    for (const paymentStatus of [undefined, 'unpaid', 'pending', 'failed'])
      expect(PENDING_STAGES).not.toContain(queueStageOf({ status: 'submitted', paymentStatus }));
    expect(PENDING_STAGES).not.toContain('review');
  });

  it("dates a stored order's stage from the change that put it there", () => {
    const paid = { status: 'submitted', paymentStatus: 'paid', paidAt: '2026-11-20T09:00:00.000Z' };
    expect(stageSinceOf('details', paid, 'now')).toBe('2026-11-20T09:00:00.000Z');
    expect(stageSinceOf('ready', { ...paid, detailsCompletedAt: '2026-11-21T09:00:00.000Z' }, 'now')).toBe('2026-11-21T09:00:00.000Z');
    expect(stageSinceOf('processing', { ...paid, processingAt: '2026-11-22T09:00:00.000Z' }, 'now')).toBe('2026-11-22T09:00:00.000Z');
    expect(stageSinceOf('processing', paid, 'now')).toBe('now');
    const filed = { ...paid, filedAt: '2026-11-23T09:00:00.000Z' };
    expect(stageSinceOf('state', filed, 'now')).toBe('2026-11-23T09:00:00.000Z');
    expect(stageSinceOf('filed', { ...filed, documents: [{ kind: 'approved_articles', createdAt: '2026-11-24T09:00:00.000Z' }] }, 'now')).toBe(
      '2026-11-24T09:00:00.000Z',
    );
  });

  it('makes one chase email of the clicks in one 10-minute window', () => {
    expect(chaseWindow(new Date('2026-11-20T09:00:00Z'))).toBe(chaseWindow(new Date('2026-11-20T09:09:59Z')));
    expect(chaseWindow(new Date('2026-11-20T09:10:00Z'))).toBe(chaseWindow(new Date('2026-11-20T09:00:00Z')) + 1);
  });

  it('counts the 2-business-day promise over weekends', () => {
    // Thursday 09:00 -> Monday 09:00; Friday -> Tuesday; Monday -> Wednesday.
    expect(addBusinessDays(new Date('2026-11-19T09:00:00Z'), 2).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-20T09:00:00Z'), 2).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-23T09:00:00Z'), 2).toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(promiseHoursLeft('2026-11-23T09:00:00.000Z', new Date('2026-11-24T09:00:00Z'))).toBe(24);
    expect(promiseHoursLeft('2026-11-23T09:00:00.000Z', new Date('2026-11-25T12:00:00Z'))).toBe(-3);
  });

  it('marks processing orders stale after 3 days', () => {
    expect(staleProcessingCutoff(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-24T12:00:00.000Z');
  });
});
