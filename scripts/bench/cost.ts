import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JOBS } from '../../functions/jobs.ts';
import { matchRoute } from '../../functions/route-match.ts';
import { DEFAULT_MEMORY_MB } from '../../infra/stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from '../../infra/stage-config.ts';
import { synthProduct, type TemplateResource } from '../../infra/test-support.ts';
import { setEnvironment } from '../config.ts';
import { startRuntime } from '../local/runtime.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * `npm run bench:cost`: what AWS charges, at list price, for one order's whole journey and for a
 * stage at rest, computed from counted calls, not estimated:
 * - the journey runs against the local runtime in this process (the deployed handlers, DynamoDB
 *   Local, the S3 store, the outbox sender run as its stream would run it): every API request,
 *   its function's memory and measured duration (Lambda GB-seconds), every DynamoDB request's
 *   consumed capacity (ReturnConsumedCapacity; transactions counted twice, as DynamoDB bills
 *   them and DynamoDB Local does not report), every S3 request and every email sent;
 * - at rest: the fixed-price resources counted in the synthesised prod stage (web ACL and its
 *   rules, secrets, alarms, KMS key) and the scheduled jobs' invocations.
 * Durations are this machine's: a deployed function on arm64 is of the same order.
 */
/**
 * CloudWatch bills an alarm per metric it reads: a single-metric alarm is one, a metric-math
 * alarm is one per metric in its expression (the expressions themselves are free).
 */
export function billedAlarmMetrics(alarm: TemplateResource): number {
  const metrics = alarm.Properties.Metrics as { MetricStat?: unknown }[] | undefined;
  return metrics ? metrics.filter((m) => m.MetricStat).length : 1;
}

export const PRICES = {
  source: 'AWS list prices, us-east-1, on-demand, no free tier (aws.amazon.com/<service>/pricing), as of 2025-11; check them before relying on a figure',
  httpApiPerMillion: 1.0, // API Gateway HTTP API requests (first 300 million a month)
  cloudFrontHttpsPer10k: 0.01, // CloudFront HTTPS requests, North America
  wafRequestsPerMillion: 0.6, // AWS WAF requests inspected
  lambdaGbSecondArm: 0.0000133334, // Lambda duration, arm64
  lambdaRequestsPerMillion: 0.2,
  dynamoWritePerMillion: 0.625, // DynamoDB on-demand write request units
  dynamoReadPerMillion: 0.125, // DynamoDB on-demand read request units
  s3PutPer1000: 0.005, // S3 Standard PUT, COPY, POST, LIST
  s3GetPer1000: 0.0004, // S3 Standard GET and others
  sesPer1000: 0.1, // SES outbound email
  wafWebAclMonth: 5.0,
  wafRuleMonth: 1.0,
  secretMonth: 0.4,
  alarmMonth: 0.1, // standard-resolution alarm, per metric it reads
  dashboardMonth: 3.0, // CloudWatch dashboard (the first three of an account are free; not counted here)
  customMetricMonth: 0.3, // CloudWatch custom metric (EMF), each name and dimension set published that month
  kmsKeyMonth: 1.0,
} as const;

interface Invocation {
  fn: string;
  memoryMb: number;
  ms: number;
}

interface Counts {
  apiRequests: number;
  invocations: Invocation[];
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
  dynamoCalls: number;
  s3Puts: number;
  s3Gets: number;
  emails: number;
}

const READS = /^(Get|BatchGet|Query|Scan|TransactGet)/;

/** Counts every DynamoDB and S3 request the handlers of this process send. */
async function installCounters(counts: Counts) {
  const { ddb } = await import('../../functions/lib/clients/dynamodb.ts');
  const { s3 } = await import('../../functions/lib/clients/s3.ts');
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const name = String(context.commandName ?? '');
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      counts.dynamoCalls += 1;
      if (READS.test(name)) counts.dynamoReadUnits += units * (name.startsWith('Transact') ? 2 : 1);
      else counts.dynamoWriteUnits += units * (name.startsWith('Transact') ? 2 : 1);
      return out;
    },
    { step: 'initialize', name: 'costCounter' },
  );
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName ?? '');
      if (/^(Put|Copy|Post|List|CreateMultipart|UploadPart|CompleteMultipart)/.test(name)) counts.s3Puts += 1;
      else counts.s3Gets += 1;
      return next(args);
    },
    { step: 'initialize', name: 'costCounter' },
  );
}

/** A creator's answers to the whole wizard, as the SPA saves them (a fresh user and business name each call). */
export function wizardAnswers(tag: string) {
  return {
    userId: `${tag}-${Date.now()}`,
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya.cost@example.com',
    phone: '305-555-0100',
    state: 'FL',
    residenceState: 'FL',
    hasInventory: false,
    priority: 'tax',
    contentTypes: ['food'],
    platforms: ['youtube'],
    businessName: `Maya Makes Media ${Date.now().toString(36)} LLC`,
    annualIncome: 90000,
    monthlyExpenses: { clothing: 0, meals: 300, equipment: 400, travel: 0, entertainment: 0, other: 0 },
    estimatedSavings: 2100,
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: true,
  };
}

/**
 * What an operator does once, before the first order, and so not counted against one: saves the
 * seller's legal name and address, which every receipt names (without them the receipt is refused).
 */
async function operatorSetsSeller(baseUrl: string, staffEmail: string, staffPassword: string): Promise<void> {
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
  const { token } = await call('/api/staff/login', { method: 'POST', body: JSON.stringify({ email: staffEmail, password: staffPassword }) });
  const { updatedAt: _at, ...settings } = await call('/api/operator-settings');
  await call('/api/staff/operator-settings', {
    method: 'PUT',
    headers: { 'staff-token': token },
    body: JSON.stringify({
      ...settings,
      legalName: 'Creator Filings LLC',
      address: { line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
    }),
  });
}

/** One order from the first visit to the completed filing, as the SPA and staff make the calls. */
async function orderJourney(baseUrl: string, staffEmail: string, staffPassword: string, counts: Counts): Promise<void> {
  let resumeSecret = '';
  let staffToken = '';
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> => {
    const key = `${method} ${path.replace(/\?.*$/, '')}`;
    const started = performance.now();
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${key}: ${res.status} ${text.slice(0, 300)}`);
    const match = matchRoute(method, path.replace(/\?.*$/, ''));
    const route = match.kind === 'found' ? match.route : undefined;
    counts.apiRequests += 1;
    counts.invocations.push({ fn: key, memoryMb: route?.memoryMb ?? DEFAULT_MEMORY_MB, ms });
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };
  const holder = () => ({ 'x-resume-secret': resumeSecret });
  const staff = () => ({ 'staff-token': staffToken });

  const wizard = wizardAnswers('cost');
  // The landing and pricing pages are prerendered: they call no API. The wizard:
  await api('GET', '/api/states');
  const created = await api('POST', '/api/llc-applications', { userId: wizard.userId, firstName: 'Maya', state: 'FL', currentStep: 1 });
  const id = created.id as string;
  resumeSecret = created.resumeSecret;
  for (const patch of [{ lastName: 'Lopez' }, { email: wizard.email }, { phone: wizard.phone, currentStep: 2 }])
    await api('PATCH', `/api/llc-applications/${id}`, patch, holder());
  const contact = {
    userId: wizard.userId,
    firstName: 'Maya',
    lastName: 'Lopez',
    email: wizard.email,
    phone: wizard.phone,
    state: 'FL',
    contentTypes: ['food'],
    platforms: ['youtube'],
  };
  // The first lead write answers the lead's secret; the session's later write sends it back.
  const { leadSecret } = await api('POST', '/api/webhook/stage1', { ...contact, stepCompleted: 2, leadSource: 'wizard_profile_step' });
  await api('PATCH', `/api/llc-applications/${id}`, { contentTypes: ['food'], platforms: ['youtube'], priority: 'tax', currentStep: 3 }, holder());
  await api('POST', '/api/calculate-savings', { income: 90000, expenses: wizard.monthlyExpenses });
  await api('POST', '/api/business-names/generate', { keywords: ['maya', 'media'], category: 'food', state: 'FL' });
  await api('POST', '/api/business-names/check-availability', { name: wizard.businessName, state: 'FL' });
  await api('GET', '/api/state-pricing/FL');
  await api('GET', '/api/state-costs/FL');
  await api(
    'PATCH',
    `/api/llc-applications/${id}`,
    { businessName: wizard.businessName, annualIncome: 90000, monthlyExpenses: wizard.monthlyExpenses, estimatedSavings: 2100, currentStep: 4 },
    holder(),
  );
  await api('POST', '/api/webhook/stage2', {
    ...contact,
    businessName: wizard.businessName,
    annualIncome: 90000,
    estimatedSavings: 2100,
    stepCompleted: 3,
    leadSource: 'wizard_business_setup',
    leadSecret,
  });
  await api('PATCH', `/api/llc-applications/${id}`, { ...wizard, currentStep: 4, completed: true }, holder());
  // Checkout and payment (the offline test card stands in for Stripe: a payment intent, then its confirmation).
  await api('GET', '/api/payment-methods');
  const { order } = await api('GET', `/api/llc-applications/${id}`, undefined, holder());
  const intent = await api('POST', '/api/create-payment-intent', { amount: order.totalCents, applicationId: id, provider: 'stripe' }, holder());
  await api(
    'POST',
    '/api/test-payments/confirm',
    { applicationId: id, clientSecret: intent.clientSecret, card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', zip: '33139' } },
    holder(),
  );
  for (let i = 0; i < 2; i++) await api('GET', `/api/payment-status/${id}`, undefined, holder());
  // The order page: filing details, the calendar.
  await api('GET', `/api/orders/${id}`, undefined, holder());
  const address = { line1: '1200 Ocean Drive', city: 'Miami', state: 'FL', zip: '33139' };
  await api(
    'PUT',
    `/api/orders/${id}/filing-details`,
    {
      principalOffice: address,
      // A stage offers "our agent" only where an office is set; the journey names its own agent.
      registeredAgent: { kind: 'own', name: 'Biscayne Registered Agents Inc.', address, consent: true },
      organizer: { name: 'Maya Lopez', title: 'Organizer', address },
      signature: { typedName: 'Maya Lopez', consent: true },
      management: 'member',
      members: [{ name: 'Maya Lopez', address, ownershipPercent: 100 }],
    },
    holder(),
  );
  await api('GET', `/api/orders/${id}/calendar`, undefined, holder());
  // Staff: sign in, the dashboard, the list, the filing moves (Start Processing writes the documents to S3).
  const login = await api('POST', '/api/staff/login', { email: staffEmail, password: staffPassword });
  staffToken = login.token;
  await api('GET', '/api/staff/dashboard', undefined, staff());
  await api('GET', '/api/staff/applications', undefined, staff());
  await api('PATCH', `/api/staff/applications/${id}`, { status: 'processing' }, staff());
  const documents = await api('GET', `/api/staff/applications/${id}/documents`, undefined, staff());
  await api('PATCH', `/api/staff/applications/${id}`, { status: 'filed', fileNumber: 'L26000123456', filedOn: new Date().toISOString().slice(0, 10) }, staff());
  // Mark Complete now waits for the deliverables' uploads (the state-stamped document, the EIN
  // letter): the journey stops at filed, so those uploads and the completion are not counted.
  // The customer downloads each document of the vault once (a presigned S3 GET through the site).
  const vault = await api('GET', `/api/orders/${id}`, undefined, holder());
  for (const doc of (vault.documents ?? []) as { id: string }[]) {
    const link = await api('GET', `/api/orders/${id}/documents/${doc.id}`, undefined, holder());
    if (link.url) {
      counts.s3Gets += 1;
      await fetch(new URL(link.url, baseUrl));
    }
  }
  void documents;
}

const usd = (n: number) => `$${n < 0.01 ? n.toFixed(5) : n.toFixed(2)}`;

export async function benchCost(): Promise<BenchRow[]> {
  setEnvironment({ LOCAL_JOBS: 'off' });
  const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-cost-'));
  const staffPassword = 'bench-cost-password-1';
  const runtime = await startRuntime({ port: 0, dataDir, distDir: join(import.meta.dirname, '../../frontend/dist'), staffPassword, serveSite: false });
  const scheduled: { key: string; perMonth: number; ms: number; memoryMb: number }[] = [];
  /** The custom metrics the scheduled jobs publish at rest (`name/dimensions`). */
  const restingMetrics = new Set<string>();
  const counts: Counts = { apiRequests: 0, invocations: [], dynamoReadUnits: 0, dynamoWriteUnits: 0, dynamoCalls: 0, s3Puts: 0, s3Gets: 0, emails: 0 };
  try {
    await operatorSetsSeller(runtime.url, runtime.staffEmail, staffPassword);
    await installCounters(counts);
    await orderJourney(runtime.url, runtime.staffEmail, staffPassword, counts);
    // The emails the journey queued, each sent as the outbox table's stream runs the sender.
    const { ddb, tableName } = await import('../../functions/lib/clients/dynamodb.ts');
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const { handler: outboxStream } = await import('../../functions/jobs/outbox-stream.ts');
    const queued = ((await ddb().send(new ScanCommand({ TableName: tableName('outbox') }))).Items ?? []).filter((m) => m.status !== 'sent');
    const sender = JOBS.outboxSender as { memoryMb?: number };
    for (const m of queued) {
      const started = performance.now();
      await outboxStream({ Records: [{ eventName: 'INSERT', dynamodb: { Keys: { messageId: { S: String(m.messageId) } } } }] } as never);
      counts.invocations.push({ fn: 'Job outboxSender', memoryMb: sender.memoryMb ?? DEFAULT_MEMORY_MB, ms: performance.now() - started });
    }
    counts.emails = ((await ddb().send(new ScanCommand({ TableName: tableName('outbox') }))).Items ?? []).filter((m) => m.status === 'sent').length;
    // The scheduled jobs run at rest too: one run of each, timed, with the metrics they publish
    // (embedded metric format lines: each name and dimension set is a billed custom metric).
    setEnvironment({ SITE_URL: runtime.url });
    const { logger } = await import('../../functions/lib/logger.ts');
    const write = process.stdout.write.bind(process.stdout);
    for (const [key, job] of Object.entries(JOBS) as [string, (typeof JOBS)[keyof typeof JOBS]][]) {
      const trigger = job.trigger as { kind: string; everyMinutes?: number; hourUtc?: number; untilHourUtc?: number };
      if (trigger.kind !== 'schedule' && trigger.kind !== 'daily') continue;
      const { handler } = await import(`../../functions/jobs/${job.handler}.ts`);
      const started = performance.now();
      const level = logger.level;
      logger.level = 'ERROR';
      process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        for (const line of String(chunk).split('\n')) {
          if (!line.includes('"_aws"')) continue;
          const entry = JSON.parse(line) as { _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] } };
          for (const set of entry._aws.CloudWatchMetrics)
            for (const m of set.Metrics) for (const dims of set.Dimensions) restingMetrics.add(`${m.Name}/${dims.join(',')}`);
        }
        return write(chunk, ...rest);
      }) as typeof process.stdout.write;
      try {
        await handler({});
      } finally {
        process.stdout.write = write;
        logger.level = level;
      }
      // A daily job with untilHourUtc runs each hour of its window (the later runs find nothing due).
      const perMonth =
        trigger.kind === 'daily'
          ? 30 * ((trigger.untilHourUtc ?? trigger.hourUtc ?? 0) - (trigger.hourUtc ?? 0) + 1)
          : (30 * 24 * 60) / (trigger.everyMinutes as number);
      scheduled.push({ key, perMonth, ms: performance.now() - started, memoryMb: (job as { memoryMb?: number }).memoryMb ?? DEFAULT_MEMORY_MB });
    }
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const gbSeconds = counts.invocations.reduce((sum, i) => sum + (i.memoryMb / 1024) * (Math.ceil(i.ms) / 1000), 0);
  const lines = {
    api:
      (counts.apiRequests / 1e6) * PRICES.httpApiPerMillion +
      (counts.apiRequests / 1e4) * PRICES.cloudFrontHttpsPer10k +
      (counts.apiRequests / 1e6) * PRICES.wafRequestsPerMillion,
    lambda: gbSeconds * PRICES.lambdaGbSecondArm + (counts.invocations.length / 1e6) * PRICES.lambdaRequestsPerMillion,
    dynamo: (counts.dynamoWriteUnits / 1e6) * PRICES.dynamoWritePerMillion + (counts.dynamoReadUnits / 1e6) * PRICES.dynamoReadPerMillion,
    s3: (counts.s3Puts / 1000) * PRICES.s3PutPer1000 + (counts.s3Gets / 1000) * PRICES.s3GetPer1000,
    ses: (counts.emails / 1000) * PRICES.sesPer1000,
  };
  const perOrder = Object.values(lines).reduce((a, b) => a + b, 0);

  // At rest: what the prod stage deploys at a fixed monthly price, counted in its templates.
  const product = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT });
  let atRest: { secrets: number; alarms: number; alarmMetrics: number; kmsKeys: number; webAcls: number; wafRules: number; dashboards: number };
  try {
    const all = Object.values(product.templates).flatMap((t) => Object.values(t.toJSON().Resources as Record<string, TemplateResource>));
    const count = (type: string) => all.filter((r) => r.Type === type).length;
    atRest = {
      secrets: count('AWS::SecretsManager::Secret'),
      alarms: count('AWS::CloudWatch::Alarm'),
      alarmMetrics: all.filter((r) => r.Type === 'AWS::CloudWatch::Alarm').reduce((n, r) => n + billedAlarmMetrics(r), 0),
      kmsKeys: count('AWS::KMS::Key'),
      webAcls: count('AWS::WAFv2::WebACL'),
      wafRules: all.filter((r) => r.Type === 'AWS::WAFv2::WebACL').reduce((n, r) => n + ((r.Properties.Rules as unknown[]) ?? []).length, 0),
      dashboards: count('AWS::CloudWatch::Dashboard'),
    };
  } finally {
    product.cleanup();
  }
  const scheduledGbSeconds = scheduled.reduce((sum, j) => sum + j.perMonth * (j.memoryMb / 1024) * (Math.ceil(j.ms) / 1000), 0);
  const scheduledInvocations = scheduled.reduce((sum, j) => sum + j.perMonth, 0);
  const monthly =
    scheduledGbSeconds * PRICES.lambdaGbSecondArm +
    (scheduledInvocations / 1e6) * PRICES.lambdaRequestsPerMillion +
    atRest.webAcls * PRICES.wafWebAclMonth +
    atRest.wafRules * PRICES.wafRuleMonth +
    atRest.secrets * PRICES.secretMonth +
    atRest.alarmMetrics * PRICES.alarmMonth +
    atRest.dashboards * PRICES.dashboardMonth +
    restingMetrics.size * PRICES.customMetricMonth +
    atRest.kmsKeys * PRICES.kmsKeyMonth;

  return [
    {
      area: 'cost',
      metric: 'one order, counted: API requests / Lambda invocations / GB-s',
      value: `${counts.apiRequests} / ${counts.invocations.length} / ${gbSeconds.toFixed(2)}`,
      budget: '-',
      ok: true,
    },
    {
      area: 'cost',
      metric: 'one order, counted: DynamoDB requests / read units / write units',
      value: `${counts.dynamoCalls} / ${counts.dynamoReadUnits} / ${counts.dynamoWriteUnits}`,
      budget: '-',
      ok: true,
    },
    {
      area: 'cost',
      metric: 'one order, counted: S3 PUT / GET, emails sent',
      value: `${counts.s3Puts} / ${counts.s3Gets}, ${counts.emails}`,
      budget: '-',
      ok: counts.emails > 0,
    },
    {
      area: 'cost',
      metric: 'one order at list price: API (HTTP API, CloudFront, WAF) / Lambda / DynamoDB / S3 / SES',
      value: `${usd(lines.api)} / ${usd(lines.lambda)} / ${usd(lines.dynamo)} / ${usd(lines.s3)} / ${usd(lines.ses)}`,
      budget: '-',
      ok: true,
    },
    { area: 'cost', metric: 'one order, total', value: usd(perOrder), budget: '-', ok: true },
    { area: 'cost', metric: 'per 1,000 orders', value: usd(perOrder * 1000), budget: '-', ok: true },
    {
      area: 'cost',
      metric: `at rest, a month (prod): web ACL + ${atRest.wafRules} rules, ${atRest.secrets} secrets, ${atRest.alarms} alarms/${atRest.alarmMetrics} metrics, ${atRest.dashboards} dashboard, ${restingMetrics.size} custom metrics, ${atRest.kmsKeys} KMS key, ${Math.round(scheduledInvocations)} job runs`,
      value: usd(monthly),
      budget: '-',
      ok: true,
    },
    { area: 'cost', metric: `prices: ${PRICES.source}`, value: '-', budget: '-', ok: true },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchCost();
  printTable(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
