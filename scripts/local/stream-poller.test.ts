import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStreamPoller } from './mail.ts';
import { freePort } from './services.ts';

afterEach(() => vi.restoreAllMocks());

describe('startStreamPoller', () => {
  // The runtime starts its pollers and then answers requests; DynamoDB Local may die (or be
  // killed by a test) before a poller's first call has come back. That first call failing must
  // be retried like any other, not left as an unhandled rejection that ends the whole runtime.
  it('keeps trying when the store cannot be reached from its very first call, and stops cleanly', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
    });
    const closedPort = await freePort();
    const poller = startStreamPoller(`http://127.0.0.1:${closedPort}`, 'outbox', async () => undefined, 10);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), { timeout: 60_000, interval: 20 });
    expect(errors[0]).toMatch(/^stream poller \(outbox\):/);
    await poller.stop();
  });
});
