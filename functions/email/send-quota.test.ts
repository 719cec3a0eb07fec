import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewEmail } from '../outbox/messages.ts';
import { enqueueEmail, getMessage } from '../outbox/outbox.ts';

// What reaches SES: counted, never sent.
const sent: string[] = [];
vi.mock('./transport.ts', async (original) => ({
  ...(await original<typeof import('./transport.ts')>()),
  deliver: async (message: { to: string }) => {
    sent.push(message.to);
  },
}));
const { deliverDueMessages } = await import('./deliver.ts');

let n = 0;
const note = (tag: string): NewEmail => ({
  kind: 'payment_received',
  to: `quota-${tag}-${++n}@example.com`,
  applicationId: '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10',
  dedupeKey: `quota-${tag}-${n}-${Math.random()}`,
  payload: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    lines: [{ label: 'Wyoming state filing fee', amount: 100 }],
    total: 100,
    paidAt: '2031-03-01T10:00:00.000Z',
    provider: 'card',
    processingTime: '3-5 business days',
  },
});

afterEach(() => {
  delete process.env.EMAIL_MAX_PER_SECOND;
  delete process.env.EMAIL_MAX_PER_DAY;
  sent.length = 0;
});

/** Messages queued a minute before `at`, due at `at`: their ids. */
async function queue(tag: string, count: number, at: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = note(tag);
    await enqueueEmail(email, at - 60_000);
    ids.push(String(email.dedupeKey));
  }
  return ids;
}

describe('the sender keeps within SES quotas', () => {
  it('sends at most the per-second quota in one second of a fixed clock and leaves the rest due for the next second', async () => {
    process.env.EMAIL_MAX_PER_SECOND = '3';
    const at = Date.UTC(2031, 2, 3, 12, 0, 0, 400);
    const ids = await queue('second', 5, at);
    const first = await deliverDueMessages(at);
    expect(first.sent).toBe(3);
    expect(first.paced).toBe(1);
    const held = (await Promise.all(ids.map(getMessage))).filter((m) => Boolean((m as { queue?: string } | undefined)?.queue));
    expect(held).toHaveLength(2);
    // Not failed: due again at the next second, the attempt given back.
    const paced = held.find((m) => m?.dueAt === new Date(Date.UTC(2031, 2, 3, 12, 0, 1)).toISOString());
    expect(paced?.attempts).toBe(0);
    expect(paced?.lastError).toBeUndefined();
    // The same second again sends nothing more; the next second sends the rest.
    expect((await deliverDueMessages(at + 300)).paced).toBe(1);
    const next = await deliverDueMessages(at + 700);
    expect(next.sent).toBe(2);
  });

  it('leaves what the day quota does not take due for tomorrow', async () => {
    process.env.EMAIL_MAX_PER_DAY = '2';
    const at = Date.UTC(2031, 2, 4, 20, 0, 0);
    const ids = await queue('day', 3, at);
    const counts = await deliverDueMessages(at);
    expect(counts.sent).toBe(2);
    expect(counts.deferred).toBe(1);
    const left = (await Promise.all(ids.map(getMessage))).filter((m) => Boolean((m as { queue?: string } | undefined)?.queue));
    expect(left.map((m) => m?.dueAt)).toEqual([new Date(Date.UTC(2031, 2, 5)).toISOString()]);
    // Later that day nothing is due; tomorrow it goes.
    expect((await deliverDueMessages(at + 3600_000)).deferred).toBe(0);
    const tomorrow = await deliverDueMessages(Date.UTC(2031, 2, 5, 0, 0, 5));
    expect(tomorrow.sent).toBe(1);
  });
});
