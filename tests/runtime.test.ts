import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/local/services.ts';
import { processAlive, runServerToExit, startLocalServer, stopServer } from './helpers/local-server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'creator-llc-runtime-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm start (local runtime)', () => {
  it('refuses a port in use with one line naming the port', async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const { code, output } = await runServerToExit({ dataDir: tempDir(), port });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('keeps the generated staff password across restarts and stops DynamoDB Local on SIGTERM', async () => {
    const dataDir = tempDir();
    const first = await startLocalServer({ dataDir });
    expect(first.staffPassword.length).toBeGreaterThanOrEqual(12);
    const states = await fetch(`${first.url}/api/states`);
    expect(states.status).toBe(200);
    const pidFile = join(dataDir, 'dynamodb', 'dynamodb-local.pid');
    const javaPid = Number(readFileSync(pidFile, 'utf8'));
    await stopServer(first);
    expect(processAlive(javaPid)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);

    const second = await startLocalServer({ dataDir });
    try {
      expect(second.staffPassword).toBe(first.staffPassword);
    } finally {
      await stopServer(second);
    }
  });
});
