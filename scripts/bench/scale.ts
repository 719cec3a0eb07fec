import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { TABLE_KEYS } from '../../functions/tables.ts';
import { scaleRunsSetting, setEnvironment } from '../config.ts';
import { ensureTables, startDynamoDbLocal, tableEnv } from '../local/services.ts';
import { median } from './lambda.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * `npm run bench:scale`: the staff dashboard and the application list with 1,000 and with
 * 100,000 applications (each with its activity entry) in DynamoDB Local (in memory). Each
 * request runs the deployed handler through its middleware (the staff session included), in
 * this process, with every DynamoDB command counted. Budgets: the same number of DynamoDB calls
 * per request at both sizes (nothing scans or pages through the data), and a latency ratio
 * (median of SCALE_RUNS, 100,000 against 1,000) of at most 1.5.
 */
export const SIZES = [1_000, 100_000] as const;
export const LATENCY_RATIO_BUDGET = 1.5;
const RUNS = Number(scaleRunsSetting() ?? 21);

const REQUESTS = [
  { label: 'GET /api/staff/dashboard', handler: 'staff/dashboard', route: '/api/staff/dashboard', query: undefined },
  { label: 'GET /api/staff/applications', handler: 'staff/list-applications', route: '/api/staff/applications', query: undefined },
  {
    label: 'GET /api/staff/applications?status=submitted',
    handler: 'staff/list-applications',
    route: '/api/staff/applications',
    query: { status: 'submitted' },
  },
] as const;

export async function benchScale(): Promise<BenchRow[]> {
  const dynamodb = await startDynamoDbLocal(null);
  try {
    setEnvironment({
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      DOCUMENTS_BUCKET: 'bench-scale-documents',
      DEPLOYMENT: 'local',
      PAYMENT_MODE: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LOG_LEVEL: 'ERROR',
    });
    const { resetConfigForTests } = await import('../../functions/lib/config.ts');
    const { countDynamoCalls } = await import('../../functions/lib/clients/dynamodb.ts');
    const { applicationItem, batchPut, staffHeaders } = await import('../../tests/fakes/staff.ts');
    const { apiEvent, testContext } = await import('../../tests/helpers/events.ts');
    const log: string[] = [];
    countDynamoCalls(log);
    const handlers = new Map<string, (e: unknown, c: unknown) => Promise<unknown>>();
    for (const r of REQUESTS) handlers.set(r.handler, (await import(`../../functions/handlers/${r.handler}.ts`)).handler);

    // One set of tables per size, in the same database, so both are measured alternately in one run.
    const datasets = new Map<number, { env: Record<string, string>; headers: Record<string, string> }>();
    const use = (size: number) => {
      setEnvironment(datasets.get(size)?.env);
      resetConfigForTests();
    };
    const day = Date.parse('2026-01-01T00:00:00Z');
    for (const size of SIZES) {
      const prefix = `scale${size}-${randomUUID().slice(0, 6)}`;
      const env = tableEnv(Object.fromEntries(TABLE_KEYS.map((k) => [k, `${prefix}-${k}`])) as never);
      await ensureTables(dynamodb.endpoint, prefix);
      datasets.set(size, { env, headers: {} });
      use(size);
      // Applications (and their activity entries) spread over the year, as orders arrive.
      const apps = Array.from({ length: size }, (_, i) =>
        applicationItem({ createdAt: new Date(day + i * 300_000).toISOString(), status: i % 10 === 0 ? 'processing' : 'submitted' }),
      );
      await batchPut('applications', apps);
      await batchPut(
        'activity',
        apps.map((a) => ({
          pk: 'FEED#filing',
          sk: `${a.createdAt}#${a.id}`,
          id: randomUUID(),
          action: 'application_submitted',
          category: 'filing',
          description: `${a.businessName} submitted`,
          createdAt: a.createdAt,
          applicationId: a.id,
        })),
      );
      (datasets.get(size) as { headers: Record<string, string> }).headers = await staffHeaders({ role: 'processor' });
    }

    const once = async (r: (typeof REQUESTS)[number], size: number) => {
      use(size);
      const handler = handlers.get(r.handler) as (e: unknown, c: unknown) => Promise<unknown>;
      const event = apiEvent({ method: 'GET', route: r.route, headers: datasets.get(size)?.headers, query: r.query as Record<string, string> | undefined });
      const before = log.length;
      const started = performance.now();
      const res = (await handler(event, testContext())) as APIGatewayProxyStructuredResultV2;
      return { ms: performance.now() - started, calls: log.length - before, status: res.statusCode ?? 0 };
    };

    const rows: BenchRow[] = [];
    const [small, large] = SIZES;
    for (const r of REQUESTS) {
      for (let i = 0; i < 5; i++) for (const size of SIZES) await once(r, size);
      const pairs = [];
      for (let i = 0; i < RUNS; i++) pairs.push({ a: await once(r, small), b: await once(r, large) });
      const callsA = [...new Set(pairs.map((p) => p.a.calls))];
      const callsB = [...new Set(pairs.map((p) => p.b.calls))];
      const sameCalls = callsA.length === 1 && callsB.length === 1 && callsA[0] === callsB[0];
      const ok200 = pairs.every((p) => p.a.status === 200 && p.b.status === 200);
      const ratio = median(pairs.map((p) => p.b.ms / p.a.ms));
      rows.push(
        {
          area: 'scale',
          metric: `${r.label}: DynamoDB calls per request at ${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')} applications`,
          value: `${callsA.join(',')} / ${callsB.join(',')}`,
          budget: 'equal',
          ok: sameCalls && ok200,
        },
        {
          area: 'scale',
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

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchScale();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
