import { NodeHttpHandler } from '@smithy/node-http-handler';
import { describe, expect, it } from 'vitest';
import { putApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { DynamoDBClient, DynamoDBDocumentClient } from '../../lib/clients/dynamodb-sdk.ts';
import { config } from '../../lib/config.ts';
import { ItemUpdate, update } from './item.ts';
import { getApplication } from './reads.ts';
import { createApplication, saveApplication } from './wizard.ts';

describe('the applications table', () => {
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
});

/**
 * A document client whose first UpdateItem reaches DynamoDB and is written, but whose answer is
 * lost (a timeout after the write landed), so the SDK sends the same write again.
 */
function clientLosingFirstUpdateAnswer(): DynamoDBDocumentClient {
  const inner = new NodeHttpHandler();
  let lost = false;
  const requestHandler = {
    handle: async (request: Parameters<NodeHttpHandler['handle']>[0]) => {
      const answer = await inner.handle(request);
      if (!lost && String(request.headers['x-amz-target'] ?? '').endsWith('.UpdateItem')) {
        lost = true;
        throw Object.assign(new Error('The answer did not arrive in time'), { name: 'TimeoutError' });
      }
      return answer;
    },
    updateHttpClientConfig: () => {},
    httpHandlerConfigs: () => ({}),
    destroy: () => inner.destroy(),
  };
  const cfg = config();
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: cfg.AWS_REGION,
      endpoint: cfg.DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      requestHandler,
      maxAttempts: 2,
    }),
  );
}

describe('a versioned write retried after its answer was lost', () => {
  it('is a success when the retry finds its own change, and still a conflict when someone else wrote', async () => {
    const app = await putApplication();
    await saveApplication(app.id, TEST_RESUME_SECRET, { phone: '305-555-0100' });
    const read = (await readApplication(app.id))?.version as number;
    // The first attempt lands (version read+1); the retry fails `version = read`, against its own write.
    const mine = new ItemUpdate(app.id).set('phone', '305-555-0199').atVersion(read);
    expect(await update(mine, clientLosingFirstUpdateAnswer())).toBe(true);
    expect(await readApplication(app.id)).toMatchObject({ phone: '305-555-0199', version: read + 1 });
    // A write at the old version after someone else's is refused, as before.
    expect(await update(new ItemUpdate(app.id).set('phone', '305-555-0111').atVersion(read))).toBe(false);
    expect((await readApplication(app.id))?.phone).toBe('305-555-0199');
  });
});
