import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/edge.ts';
import { startLocalServer, stopServer } from '../../tests/helpers/local-server.ts';
import { adapterRoundsSetting, loadRateSetting, loadSecondsSetting } from '../config.ts';
import { startDynamoDbLocal } from '../local/services.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * Load against `npm start` on a temporary data folder: LOAD_RATE requests a second (default
 * 250) for LOAD_SECONDS (default 30) of mixed traffic: visitors' rounds (states, state pricing,
 * savings, an application created, autosaved and read, the site texts) started at even
 * intervals, open loop, so the arrival rate does not bend to the server's pace; within a round
 * each request follows the answer to the one before, as a browser's would. Latency is counted
 * from each request's sending, per request kind too.
 *
 * Each round comes from its own address, as visitors do: the API's per-address limits
 * (shared/api/contract.ts RATE_LIMITS) stay as they are. The server is started with an
 * origin-verify value, as CloudFront is deployed with one, and each request carries it with a
 * CloudFront-Viewer-Address header: the way the API learns a viewer's address behind CloudFront
 * (functions/lib/edge.ts), nothing added for the bench.
 * DynamoDB is DynamoDB Local in memory (DYNAMODB_ENDPOINT, as the tests run it): in its on-disk
 * mode (`npm start`'s data folder) SQLite writes every change through to disk, which at the ~70
 * writes a second of this mix costs hundreds of milliseconds a write on this machine, a property
 * of the local stand-in that DynamoDB does not have, not of the API being measured.
 * The server is warmed up first with a whole round of the same traffic (JIT of Node and of
 * DynamoDB Local's JVM, the heap at its working size); its memory is compared after the measured round.
 * Then GET /api/states through the Lambda adapter against a bare Node server serving the same bytes,
 * alternated in rounds (the median of the rounds' ratios).
 */
export const LOAD_RATE = Number(loadRateSetting() ?? 250);
export const LOAD_SECONDS = Number(loadSecondsSetting() ?? 30);
export const P99_BUDGET_MS = 150;
/** The adapter against a bare server: rounds alternating the two, each this long. */
const ADAPTER_ROUNDS = Number(adapterRoundsSetting() ?? 5);
const ADAPTER_ROUND_SECONDS = 4;

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

/** Viewer addresses from 10.0.0.0/8, one per visitor round. */
let visitors = 0;
function nextViewer(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}:${40000 + (visitors % 20000)}`;
}

interface Round {
  viewer?: string;
  applicationId?: string;
  resumeSecret?: string;
}

export async function benchLoad(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-load-'));
  const originVerify = randomBytes(16).toString('hex');
  const dynamodb = await startDynamoDbLocal(null);
  const server = await startLocalServer({ dataDir, env: { ORIGIN_VERIFY_SECRET: originVerify, DYNAMODB_ENDPOINT: dynamodb.endpoint, LOCAL_JOBS: 'off' } });
  const pid = server.child.pid as number;
  const rows: BenchRow[] = [];
  try {
    // Warm up with one whole round at the full rate: every route loaded, Node's and DynamoDB
    // Local's JIT at work, and the heap grown to its working size for this traffic (on Node 24
    // the server's RSS rises from about 300 to 420 MB over a first round, then stays there over
    // four more). "Before" is taken then, so the budget catches memory that keeps growing with
    // traffic (a leak), not the heap's first growth.
    await visitorLoad(server.url, originVerify, LOAD_RATE, LOAD_SECONDS);
    const before = rssMb(pid);
    const load = await visitorLoad(server.url, originVerify, LOAD_RATE, LOAD_SECONDS);
    // Let garbage collection settle before reading memory again.
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssMb(pid);
    const expected = LOAD_SECONDS * LOAD_RATE;
    const all = load.latencies.flatMap(([, ms]) => ms);
    const p = (list: number[], q: number) => percentile(list, q).toFixed(0);
    rows.push(
      {
        area: 'load',
        metric: `mixed traffic ${LOAD_SECONDS} s @ ${LOAD_RATE} req/s, open loop, one address per visitor round: requests`,
        value: String(all.length),
        budget: `≈ ${expected}`,
        ok: all.length >= expected * 0.95,
      },
      { area: 'load', metric: 'latency p50', value: `${p(all, 50)} ms`, budget: '-', ok: true },
      { area: 'load', metric: 'latency p99', value: `${p(all, 99)} ms`, budget: `≤ ${P99_BUDGET_MS} ms`, ok: percentile(all, 99) <= P99_BUDGET_MS },
      {
        area: 'load',
        metric: 'latency p50 / p99 by request',
        value: load.latencies.map(([kind, ms]) => `${kind} ${p(ms, 50)}/${p(ms, 99)}`).join('; '),
        budget: '-',
        ok: true,
      },
      {
        area: 'load',
        metric: 'throughput',
        value: `${(all.length / load.seconds).toFixed(1)} req/s`,
        budget: `${LOAD_RATE} req/s offered`,
        ok: all.length / load.seconds >= LOAD_RATE * 0.95,
      },
      { area: 'load', metric: 'errors (non-2xx, failed requests)', value: String(load.errors.length), budget: '0', ok: load.errors.length === 0 },
      {
        area: 'load',
        metric: 'server memory after a warm-up round → after the measured round',
        value: `${before} → ${after} MB`,
        budget: '≤ +15%',
        ok: after <= before * 1.15 + 5,
      },
    );

    // Adapter overhead: the same bytes from a bare Node server, measured in the same run.
    const headers = { [ORIGIN_VERIFY_HEADER]: originVerify, [VIEWER_ADDRESS_HEADER]: '10.255.0.1:40000' };
    const bytes = Buffer.from(await (await fetch(`${server.url}/api/states`, { headers })).arrayBuffer());
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
    const barePort = (bare.address() as { port: number }).port;
    // Alternated in rounds, the ratio taken per round and its median reported: on a shared machine
    // the throughput of either moves from one ten-second stretch to the next.
    const rounds: { adapter: number; bare: number; non2xx: number }[] = [];
    for (let i = 0; i < ADAPTER_ROUNDS; i++) {
      const viaAdapter = await run({ url: `${server.url}/api/states`, headers, duration: ADAPTER_ROUND_SECONDS, connections: 10 });
      const direct = await run({ url: `http://127.0.0.1:${barePort}/api/states`, duration: ADAPTER_ROUND_SECONDS, connections: 10 });
      rounds.push({ adapter: viaAdapter.requests.average, bare: direct.requests.average, non2xx: viaAdapter.non2xx });
    }
    bare.close();
    const ratios = rounds.map((r) => r.adapter / r.bare);
    const ratio = percentile(ratios, 50);
    const perRound = ratios.map((r) => r.toFixed(2)).join(', ');
    rows.push(
      {
        area: 'load',
        metric: `GET /api/states via Lambda adapter (median of ${ADAPTER_ROUNDS} rounds of ${ADAPTER_ROUND_SECONDS} s)`,
        value: `${percentile(
          rounds.map((r) => r.adapter),
          50,
        ).toFixed(0)} req/s`,
        budget: '-',
        ok: rounds.every((r) => r.non2xx === 0),
      },
      {
        area: 'load',
        metric: 'GET /api/states bare Node http (the same rounds)',
        value: `${percentile(
          rounds.map((r) => r.bare),
          50,
        ).toFixed(0)} req/s`,
        budget: '-',
        ok: true,
      },
      { area: 'load', metric: `adapter / bare ratio (median; per round: ${perRound})`, value: ratio.toFixed(2), budget: '≥ 0.5', ok: ratio >= 0.5 },
    );
  } finally {
    await stopServer(server);
    await dynamodb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function percentile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)];
}

interface Call {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A visitor's round: the requests in order, each built from the answers before it. */
function visitorRound(): ((round: Round) => Call)[] {
  const json = { 'content-type': 'application/json' };
  const holder = (round: Round) => ({ [RESUME_SECRET_HEADER]: round.resumeSecret as string });
  return [
    () => ({ kind: 'GET states', method: 'GET', path: '/api/states' }),
    () => ({ kind: 'GET state-pricing', method: 'GET', path: '/api/state-pricing/TX' }),
    () => ({
      kind: 'POST calculate-savings',
      method: 'POST',
      path: '/api/calculate-savings',
      headers: json,
      body: JSON.stringify({ income: 90000, expenses }),
    }),
    () => ({
      kind: 'POST llc-applications',
      method: 'POST',
      path: '/api/llc-applications',
      headers: json,
      body: JSON.stringify({
        firstName: 'Load',
        lastName: 'Test',
        email: 'load@example.com',
        phone: '5551234567',
        state: 'FL',
        hasInventory: false,
        currentStep: 1,
      }),
    }),
    (round) => ({
      kind: 'PATCH llc-applications',
      method: 'PATCH',
      path: `/api/llc-applications/${round.applicationId}`,
      headers: { ...json, ...holder(round) },
      body: JSON.stringify({ contentTypes: ['food', 'travel'], platforms: ['tiktok'], currentStep: 2 }),
    }),
    (round) => ({ kind: 'GET llc-applications', method: 'GET', path: `/api/llc-applications/${round.applicationId}`, headers: holder(round) }),
    () => ({ kind: 'GET content', method: 'GET', path: '/api/content' }),
  ];
}

/**
 * Open-loop load: a visitor round starts every (round length / rate) seconds for `seconds`,
 * each from a new viewer address, whatever the server's pace. Returns every latency by request kind, and the failures.
 */
export async function visitorLoad(
  baseUrl: string,
  originVerify: string,
  rate: number,
  seconds: number,
): Promise<{ latencies: [string, number[]][]; errors: string[]; seconds: number }> {
  const steps = visitorRound();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = new Map<string, number[]>();
  const errors: string[] = [];
  const url = new URL(baseUrl);
  const send = (call: Call, viewer: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: call.method,
          path: call.path,
          headers: { [ORIGIN_VERIFY_HEADER]: originVerify, [VIEWER_ADDRESS_HEADER]: viewer, ...call.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(call.body);
    });
  const visit = async () => {
    const round: Round = { viewer: nextViewer() };
    for (const step of steps) {
      const call = step(round);
      const started = performance.now();
      try {
        const res = await send(call, round.viewer as string);
        const ms = performance.now() - started;
        if (!latencies.has(call.kind)) latencies.set(call.kind, []);
        latencies.get(call.kind)?.push(ms);
        if (res.status >= 300) {
          errors.push(`${call.kind}: ${res.status} ${res.body.slice(0, 120)}`);
          return;
        }
        if (call.kind === 'POST llc-applications') {
          const created = JSON.parse(res.body) as { id: string; resumeSecret: string };
          round.applicationId = created.id;
          round.resumeSecret = created.resumeSecret;
        }
      } catch (err) {
        errors.push(`${call.kind}: ${(err as Error).message}`);
        return;
      }
    }
  };
  const intervalMs = (1000 * steps.length) / rate;
  const rounds = Math.round((seconds * 1000) / intervalMs);
  const started = performance.now();
  const visits: Promise<void>[] = [];
  for (let i = 0; i < rounds; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    visits.push(visit());
  }
  await Promise.all(visits);
  agent.destroy();
  return { latencies: [...latencies], errors, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchLoad();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
