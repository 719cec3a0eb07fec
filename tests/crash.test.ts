import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalServer, processAlive, startLocalServer, stopServer } from './helpers/local-server.ts';

/**
 * Crash safety: SIGKILL the local runtime in the middle of traffic, start it again on the same
 * data folder, and every request answered 2xx before the kill is still there, the staff password
 * is unchanged, and the restart is clean (no stale DynamoDB Local, no port left behind).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-crash-'));
let server: LocalServer | undefined;
afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

describe('crash safety of the local runtime', () => {
  it('keeps every acknowledged write across a SIGKILL', async () => {
    server = await startLocalServer({ dataDir });
    const first = server;
    const login = await fetch(`${first.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: first.staffPassword }),
    });
    expect(login.status).toBe(200);
    const { token } = await json(login);

    const applications: string[] = [];
    const contents: string[] = [];
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.url}/api/llc-applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              firstName: 'Crash',
              lastName: 'Runner',
              email: `crash${n}.${i}@example.com`,
              phone: '5551234567',
              state: 'FL',
              currentStep: 1,
            }),
          });
          if (res.status === 201) applications.push((await json(res)).id);
          const c = await fetch(`${first.url}/api/content`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'staff-token': token },
            body: JSON.stringify({ page: 'crash-test', section: `w${n}-${i}`, content: `entry ${n}-${i}`, contentType: 'text' }),
          });
          if (c.status === 201 || c.status === 200) contents.push((await json(c)).id);
        } catch {
          // The server was killed mid-request: that request was never acknowledged.
          return;
        }
      }
    };
    const workers = [0, 1, 2].map(worker);
    await new Promise((r) => setTimeout(r, 2500));
    const javaPid = Number(readFileSync(join(dataDir, 'dynamodb', 'dynamodb-local.pid'), 'utf8'));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise<void>((r) => (first.child.exitCode !== null || first.child.signalCode ? r() : first.child.once('exit', () => r())));
    expect(applications.length).toBeGreaterThan(3);
    expect(contents.length).toBeGreaterThan(3);

    // Same port and data folder: the restart must not trip over anything the killed run left.
    server = await startLocalServer({ dataDir, port: first.port });
    const second = server;
    expect(second.staffPassword).toBe(first.staffPassword);
    expect(processAlive(javaPid)).toBe(false);

    for (const id of applications) {
      const res = await fetch(`${second.url}/api/llc-applications/${id}`);
      expect(res.status, `application ${id}`).toBe(200);
    }
    const items: { id: string }[] = await json(await fetch(`${second.url}/api/content`));
    const ids = new Set(items.map((i) => i.id));
    for (const id of contents) expect(ids.has(id), `content ${id}`).toBe(true);
    const relogin = await fetch(`${second.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: first.staffPassword }),
    });
    expect(relogin.status).toBe(200);

    await stopServer(second);
    server = undefined;
    expect(existsSync(join(dataDir, 'dynamodb', 'dynamodb-local.pid'))).toBe(false);
  }, 180_000);
});
