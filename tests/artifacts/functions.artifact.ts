import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contractDrift } from '#shared/api/conformance.ts';
import { isHolderRoute } from '#shared/api/contract.ts';
import { RESUME_SECRET_HEADER } from '#shared/api/routes.ts';
import { replyAddressFor } from '../../functions/email/reply-address.ts';
import { JOBS, type JobKey } from '../../functions/jobs.ts';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { resetConfigForTests } from '../../functions/lib/config.ts';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/edge.ts';
import { findRoute, ROUTES, type RouteDef, routeKey } from '../../functions/routes.ts';
import { TABLE_KEYS } from '../../functions/tables.ts';
import { REPO_ROOT } from '../../infra/lambda-bundle.ts';
import { secretName } from '../../infra/stage-config.ts';
import { ensureTables, tableEnv } from '../../scripts/local/services.ts';
import { APP_SHELL_FILE, PRERENDERED_PAGES } from '../../site/pages.ts';
import { setApplicationFields, TEST_RESUME_SECRET } from '../fakes/applications.ts';
import { putOperatorAgentOffices, putPaidOrder } from '../fakes/documents.ts';
import { staffHeaders } from '../fakes/staff.ts';
import { type AssemblyFunction, CloudAssembly } from './assembly.ts';
import { type AwsFakes, startAwsFakes } from './aws-fakes.ts';

/**
 * What we deploy, proven: every function's asset from the synthesised cloud assembly (cdk.out,
 * written by `npm run synth`), run in a fresh Node process from its own folder with the
 * environment its template gives it (table names, bucket, secret ARNs, key id resolved to local
 * stand-ins), answers a real request against DynamoDB Local and the S3 store. The rest of AWS it
 * calls (Secrets Manager, KMS, SES) is served by local fakes of the same wire protocol, so the
 * SDK each artifact bundles does the talking. `npm run test:artifacts` (after `npm run synth`).
 */
const STAGES = (process.env.ARTIFACTS_STAGE ?? 'prod,dev').split(',') as ('dev' | 'prod')[];

const ORIGIN_VERIFY = `origin-${randomBytes(8).toString('hex')}`;
const LINK_KEY = randomBytes(32).toString('base64');

const routeOf = (fn: AssemblyFunction) => findRoute(fn.description);
const jobOf = (fn: AssemblyFunction) => /^Job (\w+):/.exec(fn.description)?.[1] as JobKey | undefined;

describe.each(STAGES)('deployed artifacts of cdk.out/%s', (STAGE) => {
  const assembly = new CloudAssembly(join(REPO_ROOT, 'cdk.out', STAGE));
  const functions = assembly.functions();
  /** Secret values by name, as `npm run secrets:set` would store them; the rest are the stack's placeholder. */
  const SECRET_VALUES: Record<string, string> = {
    [secretName(STAGE, 'originVerify')]: ORIGIN_VERIFY,
    [secretName(STAGE, 'linkSigningKey')]: LINK_KEY,
  };
  const fallback = functions.find((f) => f.description.startsWith('API $default'));

  let fakes: AwsFakes;
  let localEnv: Record<string, string>;
  const answered = new Map<string, number>();

  beforeAll(async () => {
    const dynamodbEndpoint = inject('dynamodbEndpoint');
    const s3Endpoint = inject('s3Endpoint');
    // The tables under the names the templates give the functions (creator-llc-<stage>-<table>).
    const names = await ensureTables(dynamodbEndpoint, `creator-llc-${STAGE}`);
    const bucket = functions.find((f) => f.environment.DOCUMENTS_BUCKET)?.environment.DOCUMENTS_BUCKET as string;
    const s3 = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch(() => undefined);
    fakes = await startAwsFakes((id) => {
      const name = id.replace(/^arn:aws:secretsmanager:[^:]+:\d+:secret:/, '');
      return SECRET_VALUES[name] ?? (name.startsWith(`creator-llc/${STAGE}/`) ? 'NOT_CONFIGURED' : undefined);
    });
    // Where the artifacts' bundled SDK clients send their calls; nothing else of their environment changes.
    localEnv = {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DYNAMODB_ENDPOINT: dynamodbEndpoint,
      S3_ENDPOINT: s3Endpoint,
      ...fakes.env,
    };
    // The fixtures (tests/fakes) write through the sources, into the same tables and bucket.
    Object.assign(process.env, {
      ...tableEnv(names),
      DYNAMODB_ENDPOINT: dynamodbEndpoint,
      S3_ENDPOINT: s3Endpoint,
      DOCUMENTS_BUCKET: bucket,
      DEPLOYMENT: 'local',
      PAYMENT_MODE: 'test',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      LINK_SIGNING_KEY: LINK_KEY,
    });
    resetConfigForTests();
    s3.destroy();
  }, 120_000);

  afterAll(async () => {
    await fakes?.close();
  });

  interface Answer {
    status: number;
    body: any;
    raw: string;
    result: any;
    logs: string;
  }

  /** Runs the artifact's handler once, in its own folder, as Lambda would: a fresh process, its template's environment. */
  function invokeArtifact(fn: AssemblyFunction, event: unknown, env: Record<string, string> = {}): Promise<any> {
    const [file, exportName] = fn.handler.split('.');
    const runner = `const mod = await import(${JSON.stringify(`./${file}.mjs`)});
const event = JSON.parse(process.argv[1]);
const context = { awsRequestId: crypto.randomUUID(), functionName: ${JSON.stringify(fn.logicalId)}, functionVersion: '$LATEST', memoryLimitInMB: '512', getRemainingTimeInMillis: () => 20000, callbackWaitsForEmptyEventLoop: false };
const result = await mod[${JSON.stringify(exportName)}](event, context);
// Exit once the answer is written: a pipe takes a large answer (the OpenAPI document) in several writes.
process.stdout.write('\\n@@result ' + JSON.stringify(result ?? null) + '\\n', () => process.exit(0));`;
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', runner, JSON.stringify(event)],
        {
          cwd: fn.assetDir,
          env: { ...fn.environment, ...localEnv, ...env, AWS_LAMBDA_FUNCTION_NAME: fn.logicalId },
          timeout: 60_000,
          maxBuffer: 16 * 1024 * 1024,
        },
        (err, stdout, stderr) => {
          const line = stdout.split('\n').find((l) => l.startsWith('@@result '));
          if (err || !line)
            return reject(new Error(`${fn.description} failed: ${err?.message ?? 'no result'}\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`));
          answered.set(fn.logicalId, (answered.get(fn.logicalId) ?? 0) + 1);
          try {
            resolve({ result: JSON.parse(line.slice('@@result '.length)), logs: stdout + stderr });
          } catch (parseError) {
            reject(new Error(`${fn.description}: its answer is not JSON (${(parseError as Error).message})`));
          }
        },
      );
    });
  }

  function artifactFor(key: string): AssemblyFunction {
    const fn = functions.find((f) => f.description === key);
    if (!fn) throw new Error(`No function for ${key} in cdk.out/${STAGE}`);
    return fn;
  }

  function jobArtifact(key: JobKey): AssemblyFunction {
    const fn = functions.find((f) => jobOf(f) === key);
    if (!fn) throw new Error(`No function for job ${key} in cdk.out/${STAGE}`);
    return fn;
  }

  interface Call {
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
  }

  /** An API Gateway (HTTP API, payload 2.0) event as CloudFront and API Gateway deliver it, origin-verify header included. */
  function apiEvent(route: Pick<RouteDef, 'method' | 'path'>, call: Call = {}): APIGatewayProxyEventV2 {
    const key = routeKey(route);
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.pathParameters?.[name] ?? name));
    const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const headers: Record<string, string> = {
      'user-agent': 'artifact-smoke-test',
      [ORIGIN_VERIFY_HEADER]: ORIGIN_VERIFY,
      [VIEWER_ADDRESS_HEADER]: `198.51.100.${1 + (answered.size % 200)}:44321`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(isHolderRoute(key) ? { [RESUME_SECRET_HEADER]: TEST_RESUME_SECRET } : {}),
      ...call.headers,
    };
    return {
      version: '2.0',
      routeKey: key,
      rawPath: path,
      rawQueryString: new URLSearchParams(call.query ?? {}).toString(),
      headers,
      queryStringParameters: call.query,
      pathParameters: call.pathParameters,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: 'api.local',
        domainPrefix: 'api',
        http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: 'artifact-smoke-test' },
        requestId: randomUUID(),
        routeKey: key,
        stage: '$default',
        time: new Date().toUTCString(),
        timeEpoch: Date.now(),
      },
      body,
      isBase64Encoded: false,
    };
  }

  /** Calls a route's artifact; the answer must be one the API contract describes (shared/api/contract.ts). */
  async function call(key: string, c: Call = {}): Promise<Answer> {
    const route = findRoute(key) as RouteDef;
    const { result, logs } = await invokeArtifact(artifactFor(key), apiEvent(route, c));
    const raw = String(result?.body ?? '');
    const body = raw && /json/.test(String(result?.headers?.['content-type'] ?? '')) ? JSON.parse(raw) : undefined;
    const status = Number(result?.statusCode);
    const drift = contractDrift(key, status, body, raw);
    expect(drift, `${key} answered ${status}: ${raw.slice(0, 300)}`).toEqual([]);
    return { status, body, raw, result, logs };
  }

  const ctx: { applicationId?: string; staff?: Record<string, string>; ticketId?: string; contentId?: string; paidOrderId?: string } = {};

  it('has one function per route, the $default route and each job, each with its staged asset', () => {
    const routes = new Set(
      functions
        .map(routeOf)
        .filter(Boolean)
        .map((r) => routeKey(r as RouteDef)),
    );
    expect([...routes].sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(fallback).toBeDefined();
    expect(functions.map(jobOf).filter(Boolean).sort()).toEqual(Object.keys(JOBS).sort());
  });

  it('pricing and the calculator (static data)', async () => {
    expect((await call('GET /api/states')).status).toBe(200);
    expect((await call('GET /api/state-pricing/{stateCode}', { pathParameters: { stateCode: 'TX' } })).raw).toContain('Texas');
    expect((await call('GET /api/state-costs/{stateCode}', { pathParameters: { stateCode: 'TX' } })).status).toBe(200);
    const savings = await call('POST /api/calculate-savings', {
      body: { income: 90000, expenses: { clothing: 300, meals: 200, equipment: 500, travel: 250, entertainment: 150, other: 100 } },
    });
    expect(savings.status).toBe(200);
    expect((await call('GET /api/openapi.json')).status).toBe(200);
    // Every secret of a route is read through the bundled Secrets Manager client.
    expect(fakes.secretReads.some((id) => id.endsWith(secretName(STAGE, 'originVerify')))).toBe(true);
  });

  it('the wizard: an application created, saved and read back (DynamoDB)', async () => {
    const created = await call('POST /api/llc-applications', {
      body: { firstName: 'Artifact', lastName: 'Test', email: 'artifact@example.com', phone: '5551234567', state: 'FL', hasInventory: false, currentStep: 1 },
    });
    expect(created.status).toBe(201);
    ctx.applicationId = created.body.id;
    const secret = { [RESUME_SECRET_HEADER]: created.body.resumeSecret };
    const saved = await call('PATCH /api/llc-applications/{id}', {
      pathParameters: { id: created.body.id },
      headers: secret,
      body: { contentTypes: ['food'], platforms: ['tiktok'], currentStep: 2 },
    });
    expect(saved.status).toBe(200);
    const read = await call('GET /api/llc-applications/{id}', { pathParameters: { id: created.body.id }, headers: secret });
    expect(read.status).toBe(200);
    expect(read.raw).toContain('Artifact');
  });

  it('support tickets and a staff reply, sent by the outbox jobs through SES', async () => {
    ctx.staff = await staffHeaders();
    const ticket = await call('POST /api/support-tickets', {
      body: { name: 'Ada Artifact', email: 'ada@example.com', subject: 'Deployed?', message: 'Does the deployed code answer?' },
    });
    expect(ticket.status).toBe(201);
    ctx.ticketId = ticket.body.id;
    expect((await call('GET /api/staff/tickets', { headers: ctx.staff })).raw).toContain('Deployed?');
    const reply = await call('POST /api/staff/tickets/{id}/replies', {
      pathParameters: { id: ticket.body.id },
      headers: ctx.staff,
      body: { message: 'Yes, it does.' },
    });
    expect(reply.status).toBe(200);

    const outbox = await ddb().send(new ScanCommand({ TableName: tableName('outbox') }));
    const queued = (outbox.Items ?? []).find((m) => m.to === 'ada@example.com');
    expect(queued?.messageId).toBeDefined();
    const stream = await invokeArtifact(jobArtifact('outboxSender'), {
      Records: [
        {
          eventID: '1',
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          awsRegion: 'us-east-1',
          dynamodb: { Keys: { messageId: { S: queued?.messageId } }, SequenceNumber: '100', StreamViewType: 'KEYS_ONLY' },
        },
      ],
    });
    expect(stream.result).toEqual({ batchItemFailures: [] });
    if (jobArtifact('outboxSender').environment.EMAIL_TRANSPORT === 'ses') {
      expect(fakes.sentEmails.map((m) => m.to[0])).toContain('ada@example.com');
      expect(fakes.sentEmails.find((m) => m.to[0] === 'ada@example.com')?.text).toContain('Yes, it does.');
    } else {
      // A stage deployed without emailFrom sends nothing (infra/email.ts): the message stays in the outbox.
      expect(fakes.sentEmails).toEqual([]);
      const after = await ddb().send(new ScanCommand({ TableName: tableName('outbox') }));
      expect((after.Items ?? []).find((m) => m.messageId === queued?.messageId)?.status).not.toBe('sent');
    }
    await invokeArtifact(jobArtifact('outboxSweep'), { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
  });

  it('a reply by email to the ticket joins its thread, read from the bucket by the inbound job', async () => {
    const domain = 'reply.example.com';
    const to = await replyAddressFor(ctx.ticketId as string, { INBOUND_EMAIL_DOMAIN: domain });
    expect(to).toMatch(/^reply\+c[0-9a-f]{32}\.[0-9a-f]{16}@reply\.example\.com$/);
    const raw = [
      'From: Ada Artifact <ada@example.com>',
      `To: ${to}`,
      'Subject: Re: Deployed?',
      `Message-ID: <${randomUUID()}@example.com>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks, the deployed reply came back.',
      '',
    ].join('\r\n');
    const key = `inbound-mail/${randomUUID()}`;
    const s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new PutObjectCommand({ Bucket: process.env.DOCUMENTS_BUCKET, Key: key, Body: raw }));
    s3.destroy();
    // The S3 notification the local mail catcher hands the job; on AWS SES invokes it after storing the message.
    await invokeArtifact(
      jobArtifact('inboundEmail'),
      { Records: [{ s3: { bucket: { name: process.env.DOCUMENTS_BUCKET }, object: { key, size: raw.length } } }] },
      { INBOUND_EMAIL_DOMAIN: domain },
    );
    const tickets = await ddb().send(new ScanCommand({ TableName: tableName('tickets') }));
    expect(JSON.stringify(tickets.Items)).toContain('Thanks, the deployed reply came back.');
  });

  it('email feedback: a permanent bounce suppresses the address', async () => {
    const message = JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'bounced@example.com' }] } });
    await invokeArtifact(jobArtifact('emailFeedback'), { Records: [{ EventSource: 'aws:sns', Sns: { MessageId: randomUUID(), Message: message } }] });
    const suppressions = await ddb().send(new ScanCommand({ TableName: tableName('emailSuppressions') }));
    expect(JSON.stringify(suppressions.Items)).toContain('bounced@example.com');
  });

  it('site content: created, edited, listed and removed by staff', async () => {
    const created = await call('POST /api/content', {
      headers: ctx.staff,
      body: { page: 'landing', section: 'hero.title', content: 'Deployed title', contentType: 'text' },
    });
    expect(created.status).toBe(201);
    ctx.contentId = created.body.id;
    expect(
      (await call('PATCH /api/content/{id}', { pathParameters: { id: created.body.id }, headers: ctx.staff, body: { content: 'Edited title' } })).status,
    ).toBe(200);
    expect((await call('GET /api/content')).raw).toContain('Edited title');
    expect((await call('DELETE /api/content/{id}', { pathParameters: { id: created.body.id }, headers: ctx.staff })).status).toBe(204);
  });

  it('a published text reaches the prerendered page in the site bucket, and CloudFront is told', async () => {
    const publisher = functions.find((f) => f.description.startsWith('Site publisher')) as AssemblyFunction;
    const siteBucket = publisher.environment.SITE_BUCKET;
    const s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await s3.send(new CreateBucketCommand({ Bucket: siteBucket })).catch(() => undefined);
      // The site as the deployment uploads it (its staged asset), app shell included.
      const shell = readFileSync(join(assembly.bucketDeploymentSource('DeploySiteShell'), APP_SHELL_FILE), 'utf8');
      await s3.send(new PutObjectCommand({ Bucket: siteBucket, Key: APP_SHELL_FILE, Body: shell, ContentType: 'text/html' }));
      const created = await call('POST /api/content', {
        headers: ctx.staff,
        body: { page: 'pricing', section: 'hero.title', content: 'Prices as deployed', contentType: 'text' },
      });
      expect(created.status).toBe(201);
      const { result } = await invokeArtifact(publisher, {
        Records: [
          {
            eventName: 'INSERT',
            eventSource: 'aws:dynamodb',
            dynamodb: { Keys: { id: { S: created.body.id } }, NewImage: { page: { S: 'pricing' }, section: { S: 'hero.title' } } },
          },
        ],
      });
      expect(result).toEqual({ published: ['/pricing'] });
      const page = await s3.send(new GetObjectCommand({ Bucket: siteBucket, Key: 'pricing.html' }));
      const html = (await page.Body?.transformToString()) ?? '';
      expect(html).toContain('Prices as deployed');
      expect(html).toContain(`<link rel="canonical" href="${publisher.environment.SITE_URL}/pricing" />`);
      expect(fakes.invalidations).toEqual([{ distributionId: publisher.environment.SITE_DISTRIBUTION_ID, paths: ['/pricing', '/pricing.html'] }]);
      // The deployment's trigger: every page, then the crawler files written from the same list.
      expect((await invokeArtifact(publisher, {})).result.published).toEqual([...PRERENDERED_PAGES.map((p) => p.path), '/robots.txt', '/sitemap.xml']);
    } finally {
      s3.destroy();
    }
  });

  it('staff: the dashboard and the application list', async () => {
    expect((await call('GET /api/staff/dashboard', { headers: ctx.staff })).status).toBe(200);
    expect((await call('GET /api/staff/applications', { headers: ctx.staff })).status).toBe(200);
  });

  it('order documents: generated into the S3 store and listed', async () => {
    await putOperatorAgentOffices();
    const order = await putPaidOrder('NY');
    await setApplicationFields(order.id, { status: 'processing' });
    ctx.paidOrderId = order.id;
    const generated = await call('POST /api/staff/applications/{id}/documents', { pathParameters: { id: order.id }, headers: ctx.staff });
    expect(generated.status).toBe(200);
    const s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: process.env.DOCUMENTS_BUCKET }));
    s3.destroy();
    expect((listed.Contents ?? []).some((o) => o.Key?.includes(order.id) && o.Key.endsWith('.pdf'))).toBe(true);
    expect((await call('GET /api/staff/applications/{id}/documents', { pathParameters: { id: order.id }, headers: ctx.staff })).status).toBe(200);
  });

  it("the customer's own CP261: an upload link for the bucket, and nothing recorded before the file is there", async () => {
    const id = ctx.paidOrderId as string;
    const ticket = await call('POST /api/orders/{id}/election/letter/uploads', {
      pathParameters: { id },
      body: { contentType: 'application/pdf', size: 1000 },
    });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    const recorded = await call('POST /api/orders/{id}/election/letter/uploads/{uploadId}/record', {
      pathParameters: { id, uploadId: ticket.body.uploadId },
      body: { effectiveOn: '2026-09-03' },
    });
    expect(recorded.status).toBe(409);
    expect(recorded.body.code).toBe('upload_missing');
  });

  it('the $default route answers 404 for an unknown path', async () => {
    const { result } = await invokeArtifact(fallback as AssemblyFunction, {
      ...apiEvent({ method: 'GET', path: '/api/no-such-route' as `/api/${string}` }),
      routeKey: '$default',
    });
    expect(result.statusCode).toBe(404);
  });

  it('the scheduled reminder sweep runs', async () => {
    await invokeArtifact(jobArtifact('reminderSweep'), { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
  });

  it('the scheduled renewal sweep runs', async () => {
    await invokeArtifact(jobArtifact('renewalSweep'), { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
  });

  it('the scheduled annual-report sweep runs', async () => {
    await invokeArtifact(jobArtifact('annualReportSweep'), { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} });
  });

  it('the payment check asks the site and counts no answer as no payment method', async () => {
    // A closed local port stands in for a site that does not answer (nothing leaves this machine).
    const { result } = await invokeArtifact(
      jobArtifact('paymentCheck'),
      { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} },
      {
        SITE_URL: 'http://127.0.0.1:9',
      },
    );
    expect(result).toMatchObject({ offered: false, detail: expect.stringContaining('did not answer') });
  });

  it('every other route answers a request as its contract says, without a server error', async () => {
    const ids: Record<string, string | undefined> = { id: ctx.paidOrderId, applicationId: ctx.applicationId, stateCode: 'TX' };
    const remaining = functions.filter((f) => routeOf(f) && !answered.has(f.logicalId));
    for (const fn of remaining) {
      const route = routeOf(fn) as RouteDef;
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParameters = Object.fromEntries(names.map((n) => [n, ids[n] ?? `missing-${n}`]));
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const answer = await call(routeKey(route), {
        pathParameters,
        headers: route.access === 'staff' ? ctx.staff : undefined,
        ...(hasBody ? (route.rawBody ? { rawBody: '' } : { body: {} }) : {}),
      });
      // A 503 not_configured is the documented answer of a provider route whose secret is not set yet.
      const notConfigured = answer.status === 503 && answer.body?.code === 'not_configured';
      expect(answer.status < 500 || notConfigured, `${routeKey(route)}: ${answer.status} ${answer.raw.slice(0, 200)}`).toBe(true);
    }
  }, 600_000);

  it('every function of the assembly answered', () => {
    expect(functions.filter((f) => !answered.has(f.logicalId)).map((f) => f.description)).toEqual([]);
    expect(TABLE_KEYS.length).toBeGreaterThan(0);
  });
});
