import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { DeleteCommand, PutCommand } from '../../functions/lib/clients/dynamodb-sdk.ts';
import { config } from '../../functions/lib/config.ts';
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

  // One handler (the site publisher) reads two tables' streams and tells them apart by the stream
  // each record names, as Lambda's event source mapping names it on AWS.
  it('names the stream each record came from', async () => {
    const batches: DynamoDBStreamEvent[] = [];
    const table = tableName('operatorSettings');
    const poller = startStreamPoller(config().DYNAMODB_ENDPOINT as string, table, async (event) => void batches.push(event), 20);
    try {
      // Written (each time changed: an unchanged item makes no record) until the poller, which
      // starts at the stream's tip, has seen a write.
      let version = 0;
      await vi.waitFor(
        async () => {
          version += 1;
          await ddb().send(new PutCommand({ TableName: table, Item: { id: 'POLLER-PROBE', version } }));
          expect(batches.length).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 200 },
      );
      const record = batches[0].Records[0];
      expect(record.eventSourceARN).toContain(`:table/${table}/stream/`);
      expect(record.dynamodb?.Keys?.id?.S).toBe('POLLER-PROBE');
    } finally {
      await poller.stop();
      await ddb().send(new DeleteCommand({ TableName: table, Key: { id: 'POLLER-PROBE' } }));
    }
  });
});
