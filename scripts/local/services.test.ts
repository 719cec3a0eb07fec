import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from './services.ts';

const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

/**
 * DynamoDB Local unpacks its SQLite library into a temporary folder of ours on every start; stop()
 * removes it whether Java stopped cleanly or had already gone, so no run leaves it in the system's
 * temporary directory.
 */
describe('DynamoDB Local leaves nothing in the temporary directory', () => {
  it('stop() removes its folder after a clean stop', async () => {
    const dynamo = await startDynamoDbLocal(null);
    expect(dynamo.scratch && existsSync(dynamo.scratch)).toBe(true);
    await dynamo.stop();
    expect(existsSync(dynamo.scratch as string)).toBe(false);
  }, 90_000);

  it('stop() removes its folder when Java had already been killed', async () => {
    const dynamo = await startDynamoDbLocal(null);
    const pid = dynamo.pid?.() as number;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => gone(pid), { timeout: 20_000 }).toBe(true);
    await dynamo.stop();
    expect(existsSync(dynamo.scratch as string)).toBe(false);
  }, 90_000);
});
