import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_TEXTS } from '#shared/content/registry.ts';
import { contentItemId } from '../functions/data/content.ts';
import { killAllServers, type LocalServer, processAlive, startLocalServer, stopServer } from './helpers/local-server.ts';

/**
 * Crash safety: SIGKILL the local runtime in the middle of traffic, start it again on the same
 * data folder, and every request answered 2xx before the kill is still there, the staff password
 * is unchanged, and the restart is clean (no stale DynamoDB Local, no port left behind).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-crash-'));
let server: LocalServer | undefined;
afterAll(async () => {
  try {
    if (server) await stopServer(server);
  } finally {
    // A failed run leaves neither the runtime nor the DynamoDB Local of the killed one behind.
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
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
      body: JSON.stringify({ email: first.staffEmail, password: first.staffPassword }),
    });
    expect(login.status).toBe(200);
    const { token } = await json(login);

    const applications: { id: string; secret: string }[] = [];
    // Each worker edits its own site text (only registered places hold content): the last edit
    // acknowledged before the kill must survive it, or the one in flight when it came.
    const places = SITE_TEXTS.slice(0, 3);
    const acked: number[] = [-1, -1, -1];
    let stop = false;
    // The kill comes once traffic is flowing: every worker has had two edits acknowledged and
    // more than three applications exist. However long a loaded machine takes to get there.
    let trafficFlowing: () => void = () => undefined;
    const flowing = new Promise<void>((r) => (trafficFlowing = r));
    const checkTraffic = () => {
      if (applications.length > 3 && acked.every((i) => i >= 1)) trafficFlowing();
    };
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
          if (res.status === 201) {
            const created = await json(res);
            applications.push({ id: created.id, secret: created.resumeSecret });
          }
          const { page, section } = places[n];
          const c = await fetch(`${first.url}/api/content${i === 0 ? '' : `/${encodeURIComponent(contentItemId(page, section))}`}`, {
            method: i === 0 ? 'POST' : 'PATCH',
            headers: { 'content-type': 'application/json', 'staff-token': token },
            body: JSON.stringify(i === 0 ? { page, section, content: `entry ${n}-${i}`, contentType: 'text' } : { content: `entry ${n}-${i}` }),
          });
          if (c.status === 201 || c.status === 200) acked[n] = i;
          checkTraffic();
        } catch {
          // The server was killed mid-request: that request was never acknowledged.
          return;
        }
      }
    };
    const workers = [0, 1, 2].map(worker);
    // A worker that stopped early (a request failed before the kill) would hold the kill off
    // forever: the test then fails on its own message below, not on a timeout.
    await Promise.race([flowing, ...workers]);
    const javaPid = Number(readFileSync(join(dataDir, 'dynamodb', 'dynamodb-local.pid'), 'utf8'));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise<void>((r) => (first.child.exitCode !== null || first.child.signalCode ? r() : first.child.once('exit', () => r())));
    expect(applications.length).toBeGreaterThan(3);
    expect(
      acked.every((i) => i >= 1),
      `acknowledged edits ${acked.join(', ')}`,
    ).toBe(true);

    // Same port and data folder: the restart must not trip over anything the killed run left.
    server = await startLocalServer({ dataDir, port: first.port });
    const second = server;
    expect(second.staffPassword).toBe(first.staffPassword);
    expect(processAlive(javaPid)).toBe(false);

    for (const { id, secret } of applications) {
      const res = await fetch(`${second.url}/api/llc-applications/${id}`, { headers: { 'x-resume-secret': secret } });
      expect(res.status, `application ${id}`).toBe(200);
    }
    const items: { id: string; content: string }[] = await json(await fetch(`${second.url}/api/content`));
    places.forEach(({ page, section }, n) => {
      const stored = items.find((i) => i.id === contentItemId(page, section))?.content;
      expect([`entry ${n}-${acked[n]}`, `entry ${n}-${acked[n] + 1}`], `content of worker ${n}`).toContain(stored);
    });
    const relogin = await fetch(`${second.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: first.staffEmail, password: first.staffPassword }),
    });
    expect(relogin.status).toBe(200);

    await stopServer(second);
    server = undefined;
    expect(existsSync(join(dataDir, 'dynamodb', 'dynamodb-local.pid'))).toBe(false);
  }, 180_000);
});
