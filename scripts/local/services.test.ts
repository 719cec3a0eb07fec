import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JAVA_TMP_PREFIX, startDynamoDbLocal } from './services.ts';

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

  it('keeps the folder of a data-backed run in its data folder, where the next start removes one a killed run left', async () => {
    const root = mkdtempSync(join(tmpdir(), 'creator-llc-services-'));
    const dataDir = join(root, 'dynamodb');
    try {
      const before = new Set(readdirSync(tmpdir()));
      // What a run killed with SIGKILL leaves: its folder, which no clean-up removed.
      mkdirSync(join(dataDir, `${JAVA_TMP_PREFIX}killed`, 'lib'), { recursive: true });
      const dynamo = await startDynamoDbLocal(dataDir);
      expect(dirname(dynamo.scratch as string)).toBe(dataDir);
      expect(existsSync(join(dataDir, `${JAVA_TMP_PREFIX}killed`))).toBe(false);
      expect([...readdirSync(tmpdir())].filter((name) => !before.has(name) && name.startsWith(JAVA_TMP_PREFIX))).toEqual([]);
      await dynamo.stop();
      expect(existsSync(dynamo.scratch as string)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
