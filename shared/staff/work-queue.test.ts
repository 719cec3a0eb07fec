import { describe, expect, it } from 'vitest';
import { addBusinessDays, promiseHoursLeft, queueStageOf, staleProcessingCutoff } from './work-queue.ts';

describe('the work queue rules', () => {
  it('puts each order in the stage a person must act on, and none when nobody must', () => {
    expect(queueStageOf({ status: 'draft' })).toBeUndefined();
    expect(queueStageOf({ status: 'submitted' })).toBe('unpaid');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'pending' })).toBe('unpaid');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'paid' })).toBeUndefined();
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'paid', detailsCompletedAt: '2026-11-20T09:00:00.000Z' })).toBe('ready');
    expect(queueStageOf({ status: 'submitted', paymentStatus: 'needs_review' })).toBe('review');
    expect(queueStageOf({ status: 'processing', paymentStatus: 'paid' })).toBe('processing');
    expect(queueStageOf({ status: 'filed', paymentStatus: 'paid' })).toBe('filed');
    expect(queueStageOf({ status: 'completed', paymentStatus: 'paid' })).toBeUndefined();
    expect(queueStageOf({ status: 'processing', paymentStatus: 'refunded' })).toBeUndefined();
  });

  it('counts the 2-business-day promise over weekends', () => {
    // Thursday 09:00 -> Monday 09:00; Friday -> Tuesday; Monday -> Wednesday.
    expect(addBusinessDays(new Date('2026-11-19T09:00:00Z'), 2).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-20T09:00:00Z'), 2).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-23T09:00:00Z'), 2).toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(promiseHoursLeft('2026-11-23T09:00:00.000Z', new Date('2026-11-24T09:00:00Z'))).toBe(24);
    expect(promiseHoursLeft('2026-11-23T09:00:00.000Z', new Date('2026-11-25T12:00:00Z'))).toBe(-3);
  });

  it('lists processing orders after 3 days', () => {
    expect(staleProcessingCutoff(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-24T12:00:00.000Z');
  });
});
