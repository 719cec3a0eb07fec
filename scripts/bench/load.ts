import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startLocalServer, stopServer } from '../../tests/helpers/local-server.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * Load and soak against `npm start` on a temporary data folder: a steady mix of real traffic
 * (states, state pricing, savings, application create + patch + get, content list), then
 * GET /api/states through the Lambda adapter against a bare Node server serving the same bytes.
 * LOAD_SECONDS shortens the soak (default 60).
 */
const SOAK_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RATE = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const expenses = { clothing: 300, meals: 200, equipment: 500, travel: 250, entertainment: 150, other: 100 };

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function benchLoad(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-load-'));
  const server = await startLocalServer({ dataDir });
  const pid = server.child.pid!;
  const rows: BenchRow[] = [];
  try {
    // Warm up every route once so memory "before" includes loaded handlers.
    await fetch(`${server.url}/api/states`);
    await run({ url: server.url, duration: 3, connections: 4, requests: mix() });
    const before = rssMb(pid);
    const soak = await run({ url: server.url, duration: SOAK_SECONDS, connections: 10, overallRate: RATE, requests: mix() });
    // Let garbage collection settle before reading memory again.
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssMb(pid);
    const errors = soak.errors + soak.timeouts + soak.non2xx;
    rows.push(
      {
        area: 'load',
        metric: `mixed traffic ${SOAK_SECONDS}s @ ${RATE} req/s: requests`,
        value: String(soak.requests.total),
        budget: `≈ ${SOAK_SECONDS * RATE}`,
        ok: soak.requests.total >= SOAK_SECONDS * RATE * 0.9,
      },
      { area: 'load', metric: 'latency p50', value: `${soak.latency.p50} ms`, budget: '≤ 50 ms', ok: soak.latency.p50 <= 50 },
      { area: 'load', metric: 'latency p99', value: `${soak.latency.p99} ms`, budget: '≤ 250 ms', ok: soak.latency.p99 <= 250 },
      {
        area: 'load',
        metric: 'throughput',
        value: `${soak.requests.average.toFixed(1)} req/s`,
        budget: `${RATE} req/s offered`,
        ok: soak.requests.average >= RATE * 0.9,
      },
      { area: 'load', metric: 'errors (non-2xx, timeouts)', value: String(errors), budget: '0', ok: errors === 0 },
      { area: 'load', metric: 'server memory before → after', value: `${before} → ${after} MB`, budget: '≤ +15%', ok: after <= before * 1.15 + 5 },
    );

    // Adapter overhead: the same bytes from a bare Node server, measured in the same run.
    const bytes = Buffer.from(await (await fetch(`${server.url}/api/states`)).arrayBuffer());
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
    const barePort = (bare.address() as { port: number }).port;
    const viaAdapter = await run({ url: `${server.url}/api/states`, duration: 10, connections: 10 });
    const direct = await run({ url: `http://127.0.0.1:${barePort}/api/states`, duration: 10, connections: 10 });
    bare.close();
    const ratio = viaAdapter.requests.average / direct.requests.average;
    rows.push(
      {
        area: 'load',
        metric: 'GET /api/states via Lambda adapter',
        value: `${viaAdapter.requests.average.toFixed(0)} req/s`,
        budget: '-',
        ok: viaAdapter.non2xx === 0,
      },
      { area: 'load', metric: 'GET /api/states bare Node http', value: `${direct.requests.average.toFixed(0)} req/s`, budget: '-', ok: true },
      { area: 'load', metric: 'adapter / bare ratio', value: ratio.toFixed(2), budget: '≥ 0.5', ok: ratio >= 0.5 },
    );
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** One visitor's round: pricing, calculator, then an application created, autosaved and read. */
function mix(): autocannon.Request[] {
  return [
    { method: 'GET', path: '/api/states' },
    { method: 'GET', path: '/api/state-pricing/TX' },
    {
      method: 'POST',
      path: '/api/calculate-savings',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ income: 90000, expenses }),
    },
    {
      method: 'POST',
      path: '/api/llc-applications',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Load',
        lastName: 'Test',
        email: 'load@example.com',
        phone: '5551234567',
        state: 'FL',
        hasInventory: false,
        priority: 'tax',
        currentStep: 1,
      }),
      onResponse: (_status, body, context) => {
        try {
          (context as { applicationId?: string }).applicationId = JSON.parse(body).id;
        } catch {}
      },
    },
    {
      method: 'PATCH',
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/llc-applications/${(context as { applicationId?: string }).applicationId}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contentTypes: ['food', 'travel'], platforms: ['tiktok'], currentStep: 2 }),
      }),
    },
    { method: 'GET', setupRequest: (req, context) => ({ ...req, path: `/api/llc-applications/${(context as { applicationId?: string }).applicationId}` }) },
    { method: 'GET', path: '/api/content' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchLoad();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
