import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { searchEntries } from '#shared/staff/search.ts';
import { TABLE_KEYS } from '../../functions/tables.ts';
import { runIfMain } from '../cli.ts';
import { backOfficeRunsSetting, backOfficeSizesSetting, setEnvironment } from '../config.ts';
import { ensureTables, startDynamoDbLocal, startS3, tableEnv } from '../local/services.ts';
import { median } from './lambda.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * `npm run bench:back-office`: the staff back office with 1,000 and with 100,000 orders in
 * DynamoDB Local (in memory): the work queue's first view, and a search by email, by
 * business-name prefix and by state file number. Each request runs the deployed handler through
 * its middleware (the staff session included), in this process, every DynamoDB command counted.
 * Budgets (docs/decisions/0290-search-index-items.md): the same number of DynamoDB requests at
 * both sizes, and a latency ratio (median of BACK_OFFICE_RUNS pairs, sizes alternated,
 * 100,000 against 1,000) of at most 1.5.
 *
 * The orders and their search index items are seeded directly with batch writes (what the
 * product's own writes leave: shared/staff/search.ts searchEntries), a realistic mix of stages.
 */
/** The two sizes compared (BACK_OFFICE_SIZES=small,large for a quick look). */
export const SIZES = (backOfficeSizesSetting()?.split(',').map(Number) ?? [1_000, 100_000]) as [number, number];
export const LATENCY_RATIO_BUDGET = 1.5;
const RUNS = Number(backOfficeRunsSetting() ?? 21);

/** The order every search looks for, present at both sizes. */
const TARGET = { email: 'Quinn.Target@Example.com', businessName: 'Quillfeather Studio LLC', fileNumber: 'L26000777001' };

const WORDS = [
  'amber',
  'bright',
  'cedar',
  'delta',
  'ember',
  'fable',
  'glow',
  'harbor',
  'iris',
  'jade',
  'kite',
  'lumen',
  'maple',
  'nova',
  'orbit',
  'pixel',
  'quill',
  'river',
  'sage',
  'tide',
  'umber',
  'vista',
  'willow',
  'xenon',
  'yarrow',
  'zephyr',
];
const STATES = ['FL', 'WY', 'DE', 'TX', 'NV', 'CA', 'NY', 'NM'];

/** Order `i` of a dataset: a stage mix like a busy month (most completed, some ready or processing, some unpaid). */
function order(applicationItem: (o: Record<string, unknown>) => Record<string, unknown>, i: number, day: number) {
  const createdAt = new Date(day + i * 30_000).toISOString();
  const kind = i % 20;
  const stage =
    kind === 0
      ? { status: 'submitted', queue: 'ready' }
      : kind === 1
        ? { status: 'processing', queue: 'processing' }
        : kind === 2
          ? { status: 'filed', queue: 'filed', fileNumber: `L26${String(i).padStart(9, '0')}` }
          : kind < 6
            ? { status: 'submitted', paymentStatus: 'unpaid', queue: 'unpaid', detailsCompletedAt: undefined }
            : { status: 'completed', fileNumber: `L26${String(i).padStart(9, '0')}` };
  const a = WORDS[i % 26];
  const b = WORDS[Math.floor(i / 26) % 26];
  return applicationItem({
    createdAt,
    firstName: b[0].toUpperCase() + b.slice(1),
    lastName: `${a[0].toUpperCase()}${a.slice(1)}son`,
    email: `${b}.${a}${i}@example.com`,
    businessName: `${a[0].toUpperCase()}${a.slice(1)} ${b} Media ${i} LLC`,
    state: STATES[i % STATES.length],
    queueSince: createdAt,
    ...stage,
  });
}

export async function benchBackOffice(): Promise<BenchRow[]> {
  const dynamodb = await startDynamoDbLocal(null);
  try {
    setEnvironment({
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      DOCUMENTS_BUCKET: 'bench-back-office-documents',
      DEPLOYMENT: 'local',
      PAYMENT_MODE: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'ERROR',
      // Seeding keeps DynamoDB Local busy: its answers may take longer than a deployed store's.
      STORE_REQUEST_TIMEOUT_MS: '30000',
    });
    const { resetConfigForTests } = await import('../../functions/lib/config.ts');
    const { countDynamoCalls } = await import('../../functions/lib/clients/dynamodb.ts');
    const { applicationItem, batchPut, staffHeaders } = await import('../../tests/fakes/staff.ts');
    const { apiEvent, testContext } = await import('../../tests/helpers/events.ts');
    const log: string[] = [];
    countDynamoCalls(log);
    const queue = (await import('../../functions/handlers/staff/work-queue.ts')).handler;
    const list = (await import('../../functions/handlers/staff/list-applications.ts')).handler;

    const datasets = new Map<number, { env: Record<string, string>; headers: Record<string, string>; seedSeconds: number }>();
    const use = (size: number) => {
      setEnvironment(datasets.get(size)?.env);
      resetConfigForTests();
    };
    const day = Date.parse('2026-01-01T00:00:00Z');
    for (const size of SIZES) {
      const started = performance.now();
      const prefix = `office${size}-${randomUUID().slice(0, 6)}`;
      const env = tableEnv(Object.fromEntries(TABLE_KEYS.map((k) => [k, `${prefix}-${k}`])) as never);
      await ensureTables(dynamodb.endpoint, prefix);
      datasets.set(size, { env, headers: {}, seedSeconds: 0 });
      use(size);
      const orders = Array.from({ length: size - 1 }, (_, i) => order(applicationItem, i, day));
      // The searched order: filed, in the middle of the dataset's dates.
      orders.push(
        applicationItem({
          ...TARGET,
          status: 'filed',
          queue: 'filed',
          createdAt: new Date(day + (size / 2) * 30_000).toISOString(),
          queueSince: new Date(day).toISOString(),
        }),
      );
      await batchPut('applications', orders);
      await batchPut(
        'searchIndex',
        orders.flatMap((o) => searchEntries(o as never).map((e) => ({ pk: e.pk, sk: e.sk, kind: e.kind, applicationId: o.id }))),
      );
      const entry = datasets.get(size) as { headers: Record<string, string>; seedSeconds: number };
      entry.headers = await staffHeaders({ role: 'processor' });
      entry.seedSeconds = (performance.now() - started) / 1000;
      console.log(`seeded ${size.toLocaleString('en-US')} orders and their index items in ${entry.seedSeconds.toFixed(0)} s`);
    }

    const REQUESTS = [
      { label: 'GET /api/staff/queue (first view)', handler: queue, route: '/api/staff/queue', query: undefined, expect: undefined },
      { label: 'search by email', handler: list, route: '/api/staff/applications', query: { q: TARGET.email.toUpperCase() }, expect: TARGET.businessName },
      {
        label: 'search by business-name prefix',
        handler: list,
        route: '/api/staff/applications',
        query: { q: 'quillfeather st' },
        expect: TARGET.businessName,
      },
      { label: 'search by file number', handler: list, route: '/api/staff/applications', query: { q: 'L26-000777001' }, expect: TARGET.businessName },
    ];

    const once = async (r: (typeof REQUESTS)[number], size: number) => {
      use(size);
      const event = apiEvent({ method: 'GET', route: r.route, headers: datasets.get(size)?.headers, query: r.query });
      const before = log.length;
      const started = performance.now();
      const res = (await (r.handler as (e: unknown, c: unknown) => Promise<unknown>)(event, testContext())) as APIGatewayProxyStructuredResultV2;
      const ms = performance.now() - started;
      const found = r.expect ? String(res.body).includes(r.expect) : true;
      return { ms, calls: log.length - before, ok: res.statusCode === 200 && found };
    };

    const [small, large] = SIZES;
    const rows: BenchRow[] = [
      {
        area: 'back office',
        metric: `seeding ${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')} orders with their search index items (batch writes)`,
        value: `${datasets.get(small)?.seedSeconds.toFixed(0)} / ${datasets.get(large)?.seedSeconds.toFixed(0)} s`,
        budget: '-',
        ok: true,
      },
    ];
    for (const r of REQUESTS) {
      for (let i = 0; i < 5; i++) for (const size of SIZES) await once(r, size);
      const pairs = [];
      for (let i = 0; i < RUNS; i++) pairs.push({ a: await once(r, small), b: await once(r, large) });
      const callsA = [...new Set(pairs.map((p) => p.a.calls))];
      const callsB = [...new Set(pairs.map((p) => p.b.calls))];
      const sameCalls = callsA.length === 1 && callsB.length === 1 && callsA[0] === callsB[0];
      const allFound = pairs.every((p) => p.a.ok && p.b.ok);
      const ratio = median(pairs.map((p) => p.b.ms / p.a.ms));
      rows.push(
        {
          area: 'back office',
          metric: `${r.label}: DynamoDB requests at ${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')} orders${r.expect ? ' (the order found)' : ''}`,
          value: `${callsA.join(',')} / ${callsB.join(',')}`,
          budget: 'equal',
          ok: sameCalls && allFound,
        },
        {
          area: 'back office',
          metric: `${r.label}: latency at ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} (median of ${RUNS}, alternated)`,
          value: `${median(pairs.map((p) => p.a.ms)).toFixed(1)} → ${median(pairs.map((p) => p.b.ms)).toFixed(1)} ms (${ratio.toFixed(2)}x)`,
          budget: `≤ ${LATENCY_RATIO_BUDGET}x`,
          ok: ratio <= LATENCY_RATIO_BUDGET,
        },
      );
    }
    return rows;
  } finally {
    await dynamodb.stop();
  }
}

/** The export's budget: one Lambda invocation of its route (shared/api/contract.ts timeoutSeconds). */
export const EXPORT_SIZES = [1_000, 10_000] as const;

/**
 * The CSV export of every order at 1,000 and at 10,000 orders (DynamoDB Local and the local S3
 * store): the time it takes against the route's 29-second limit, and the heap it holds while it
 * runs above what it held before (sampled every 50 ms after a collection; "flat": about the same
 * at both sizes, not ten times more; the file is held until a 5 MB part is full).
 */
export async function benchExport(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'creator-llc-bench-export-'));
  const dynamodb = await startDynamoDbLocal(null);
  const bucket = 'bench-export-documents';
  const store = await startS3(join(dir, 's3'), [bucket]);
  try {
    setEnvironment({
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      S3_ENDPOINT: store.endpoint,
      DOCUMENTS_BUCKET: bucket,
      DEPLOYMENT: 'local',
      PAYMENT_MODE: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'ERROR',
      STORE_REQUEST_TIMEOUT_MS: '30000',
    });
    const { resetConfigForTests } = await import('../../functions/lib/config.ts');
    const { applicationItem, batchPut, signedInPerson } = await import('../../tests/fakes/staff.ts');
    const { exportCsv } = await import('../../functions/exports/export.ts');
    const day = Date.parse('2026-01-01T00:00:00Z');
    const rows: BenchRow[] = [];
    const measured: { size: number; seconds: number; heapMb: number; rows: number; bytes: number }[] = [];
    for (const size of EXPORT_SIZES) {
      const prefix = `export${size}-${randomUUID().slice(0, 6)}`;
      setEnvironment(tableEnv(Object.fromEntries(TABLE_KEYS.map((k) => [k, `${prefix}-${k}`])) as never));
      resetConfigForTests();
      await ensureTables(dynamodb.endpoint, prefix);
      await batchPut(
        'applications',
        Array.from({ length: size }, (_, i) => order(applicationItem, i, day)),
      );
      const owner = (await signedInPerson({ role: 'owner' })).person;
      const actor = { id: owner.id, email: owner.email, role: 'owner' as const };
      // Timed on its own; then again with the heap sampled (collecting costs time).
      const started = performance.now();
      const result = await exportCsv({ kind: 'orders' }, actor);
      const seconds = (performance.now() - started) / 1000;
      globalThis.gc?.();
      const base = process.memoryUsage().heapUsed;
      let peak = base;
      // What the export holds, not the garbage it leaves for the collector: collected before each sample
      // (run with --expose-gc, as `npm run bench:back-office` does; without it garbage counts too).
      const sampler = setInterval(() => {
        globalThis.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 50);
      await exportCsv({ kind: 'orders' }, actor);
      clearInterval(sampler);
      const bytes = Number((await fetch(result.url, { method: 'HEAD' })).headers.get('content-length') ?? 0);
      measured.push({ size, seconds, heapMb: (peak - base) / 1024 / 1024, rows: result.rows, bytes });
    }
    const [small, large] = measured;
    rows.push(
      {
        area: 'back office',
        metric: `CSV export of every order: ${EXPORT_SIZES.map((n) => n.toLocaleString('en-US')).join(' / ')} orders (rows written, file size)`,
        value: measured.map((m) => `${m.rows} rows, ${(m.bytes / 1024 / 1024).toFixed(1)} MB`).join(' / '),
        budget: 'every order',
        ok: measured.every((m) => m.rows === m.size),
      },
      {
        area: 'back office',
        metric: `CSV export of ${large.size.toLocaleString('en-US')} orders: time (route limit 29 s)`,
        value: `${large.seconds.toFixed(1)} s (${small.size.toLocaleString('en-US')}: ${small.seconds.toFixed(1)} s)`,
        budget: '≤ 29 s',
        ok: large.seconds <= 29,
      },
      {
        area: 'back office',
        metric: `CSV export: heap held while it runs (after collection), ${small.size.toLocaleString('en-US')} → ${large.size.toLocaleString('en-US')} orders`,
        value: `${small.heapMb.toFixed(1)} → ${large.heapMb.toFixed(1)} MB`,
        budget: '≤ 2x (flat)',
        ok: large.heapMb <= Math.max(2 * small.heapMb, 16),
      },
    );
    return rows;
  } finally {
    await store.stop();
    await dynamodb.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => {
  if (process.argv.includes('--export')) {
    const rows = await benchExport();
    printTable(rows);
    process.exit(rows.every((r) => r.ok) ? 0 : 1);
  }
  const rows = await benchBackOffice();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
});
