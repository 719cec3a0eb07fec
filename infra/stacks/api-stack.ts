import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnOutput, Duration, Fn, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  CfnRoute,
  DomainName,
  HttpApi,
  type HttpIntegration,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Alias, Code, type IFunction, Function as LambdaFn, LoggingFormat, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOBS, type JobDef, type JobKey } from '../../functions/jobs.ts';
import { type Grant, ROUTES, type RouteDef, type RouteKey, routeKey } from '../../functions/routes.ts';
import { SECRETS, type SecretKey } from '../../functions/secrets-catalog.ts';
import { TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';
import { EmailSending } from '../email.ts';
import routesBeforeTheMove from '../fixtures/api-route-logical-ids.json' with { type: 'json' };
import { EmailReceiving } from '../inbound-email.ts';
import { FUNCTIONS_BUILD_DIR, functionCodeDir, jobFunctionName, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, routeFunctionName } from '../lambda-bundle.ts';
import { acknowledge } from '../nag.ts';
import { documentsBucketName, knownSiteUrl, type StageConfig, tableName } from '../stage-config.ts';
import { tableConstructId } from './data-stack.ts';

/**
 * The routes the Api stack held before routes moved to their groups (docs/decisions/0400, the
 * logical ids they were deployed with): only these have an old route for the handover deploy to
 * park. A route added since never lived in the Api stack.
 */
const ROUTES_BEFORE_THE_MOVE: ReadonlySet<string> = new Set(Object.keys(routesBeforeTheMove.routes));

import { STRIPE_WEBHOOK_ROUTE } from './operations-stack.ts';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  secrets: Record<SecretKey, Secret>;
  /** The data stack's key for sealed tax ids; only functions that declare `kms` may use it. */
  piiKey: IKey;
  /** The data stack's table streams (functions/tables.ts `stream`), for the stream jobs. */
  streamArns: Partial<Record<TableKey, string>>;
  /** Where `npm run build:functions` wrote one folder per function; defaults to .build/functions. */
  functionsBuildDir?: string;
  /**
   * Routes synthesised after those of functions/routes.ts, as if the contract had them: only the
   * tests use it, to show the stacks' room for routes not written yet (infra/route-headroom.test.ts).
   */
  extraRoutes?: readonly RouteDef[];
}

/** The data stack's resources, addressed by their fixed per-stage names. */
interface DataRefs {
  tables: Record<TableKey, ITable>;
  documentsBucket: IBucket;
}

/** Read by the middleware on every route (functions/lib/edge.ts), so granted to every function. */
export const EVERY_FUNCTION_SECRETS: readonly SecretKey[] = ['originVerify'];

export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** API Gateway gives a Lambda integration at most 30 s. */
const MAX_TIMEOUT_SECONDS = 29;
/** Lambda's own limit; jobs answer no HTTP request. */
const MAX_JOB_TIMEOUT_SECONDS = 900;

/** How a stream job reads its table's stream (functions/jobs.ts trigger `stream`). */
export const STREAM_JOB_SOURCE = {
  batchSize: 10,
  // After this many failed attempts the batch's position goes to the job's failure queue.
  retryAttempts: 10,
} as const;

/** What a route or job may use the PII key for; `decrypt` functions also seal new values. */
export type KeyUse = 'encrypt' | 'decrypt';
export const KMS_ACTIONS: Record<KeyUse, readonly string[]> = {
  encrypt: ['kms:GenerateDataKey'],
  decrypt: ['kms:Decrypt', 'kms:GenerateDataKey'],
};

/**
 * Lets one function use the key (its ARN only) and tells it which key: functions/lib/crypto/sealed.ts
 * reads KMS_KEY_ID. Functions without it have neither the permission nor the variable.
 */
export function grantKeyUse(fn: LambdaFn, key: IKey, use: KeyUse): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: [...KMS_ACTIONS[use]], resources: [key.keyArn] }));
  fn.addEnvironment('KMS_KEY_ID', key.keyArn);
}

/** Tables and bucket imported by name into `scope` (the data stack deploys first; see product.ts). */
function dataRefsIn(scope: Stack, config: StageConfig, streamArns: Partial<Record<TableKey, string>>): DataRefs {
  const tables = {} as Record<TableKey, ITable>;
  for (const key of TABLE_KEYS) {
    const def: TableDef = TABLES[key];
    tables[key] = Table.fromTableAttributes(scope, `${tableConstructId(key)}Ref`, {
      tableName: tableName(config.stage, key),
      globalIndexes: def.indexes?.map((i) => i.indexName),
      // A stream ARN carries its creation time, so it comes from the data stack, not from the name.
      tableStreamArn: streamArns[key],
    });
  }
  const documentsBucket = Bucket.fromBucketName(scope, 'DocumentsBucketRef', documentsBucketName(config.stage, Aws.ACCOUNT_ID, Aws.REGION));
  return { tables, documentsBucket };
}

/** What a route or job declares it touches; the stack grants exactly this. */
interface DeclaredAccess {
  tables?: Partial<Record<TableKey, Grant>>;
  bucket?: Grant;
  secrets?: readonly SecretKey[];
  kms?: KeyUse;
}

interface FunctionSpec {
  /** The function's folder in the functions build (infra/lambda-bundle.ts functionSources). */
  code: string;
  description: string;
  memoryMb?: number;
  timeoutSeconds: number;
  /** Secrets granted and named in the environment (`<envVar>_ARN`). */
  secrets: ReadonlySet<SecretKey>;
  /** Granted here; the rest of `secrets` by grantDeclaredAccess. */
  baseSecrets: readonly SecretKey[];
  environment?: Record<string, string>;
}

/**
 * The alias every trigger invokes (API routes, schedules, streams, the SES feedback topic). Each
 * deploy that changes a function publishes a new version and points the alias at it; earlier
 * versions are kept, so `npm run rollback` (scripts/ops/rollback.ts) can point it back.
 */
export const LIVE_ALIAS = 'live';

/** Stage-wide throttling (requests per second and burst), per stage. */
export const THROTTLE = {
  dev: { rateLimit: 20, burstLimit: 40 },
  prod: { rateLimit: 100, burstLimit: 200 },
} as const;

/** A function's built folder; a missing build fails the synth with what to run. */
export function builtFunction(name: string, buildDir = FUNCTIONS_BUILD_DIR): string {
  const dir = functionCodeDir(name, buildDir);
  if (!existsSync(join(dir, 'index.mjs'))) {
    throw new Error(`The function ${name} is not built (${dir}/index.mjs): run "npm run build:functions" first (npm run synth and npm run deploy do).`);
  }
  return dir;
}

/** Construct id of a route's function: `POST /api/webhook/stripe` -> `PostWebhookStripe`, `GET /api/openapi.json` -> `GetOpenapiJson`. */
export function routeConstructId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const words = [route.method.toLowerCase(), ...route.path.replace(/^\/api\//, '').split(/[/\-{}_.]+/)];
  return words
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** Construct id of a job's function: outboxSender -> OutboxSenderJob. */
export function jobConstructId(key: JobKey): string {
  return `${key[0].toUpperCase()}${key.slice(1)}Job`;
}

/**
 * Routes whose function stays in the Api stack itself rather than in its route group: another
 * stack references the function (the Operations stack alarms on the Stripe webhook's errors), so
 * it is exported from the Api stack under a name made from its place there. Moving it would
 * change that export while the other stack still imports it, which CloudFormation refuses.
 */
export const API_STACK_ROUTES: readonly RouteKey[] = [STRIPE_WEBHOOK_ROUTE];

/**
 * The route group a route's function is deployed in, read from the route itself: the folder of
 * its handler under functions/handlers/ (`staff/login` -> `staff`), the grouping the route table
 * already has. A new route lands in its folder's group; a new folder is a new group. Undefined
 * for API_STACK_ROUTES.
 */
export function routeGroup(route: Pick<RouteDef, 'method' | 'path' | 'handler'>): string | undefined {
  if (API_STACK_ROUTES.includes(routeKey(route))) return undefined;
  return route.handler.split('/')[0];
}

/** Construct id of a route group's nested stack: `business-names` -> `BusinessNamesRoutes`. */
export function routeGroupConstructId(group: string): string {
  return `${group
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}Routes`;
}

/**
 * Where a route is parked during the handover deploy (`-c routeHandover=true`): its old route in
 * the Api stack takes this key, `GET /api/states` -> `GET /handover/api/states`, so that its route
 * group can create the route under the real key in the same deploy (an HTTP API holds one route per
 * key). CloudFront sends only `/api/*` to the API, so no visitor reaches a parked route.
 */
export const HANDOVER_PREFIX = '/handover';
export const parkedRouteKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${HANDOVER_PREFIX}${route.path}`;

/**
 * One route group's routes in a nested stack of the Api stack: each route's function (function,
 * role and policy, log group, version and `live` alias), its invoke permission, and its API route
 * and integration, attached to the Api stack's HTTP API, whose id reaches this stack as a
 * nested-stack parameter (docs/decisions/0250-api-split-by-route-group.md, 0390, and
 * 0400-routes-live-in-their-group-stack.md). The Api stack itself gains one resource per group,
 * none per route.
 */
export class RouteGroupStack extends NestedStack {
  readonly group: string;
  readonly functions = new Map<RouteKey, LambdaFn>();
  /** The group's routes by key, with the route-table entry each was made from. */
  readonly routes = new Map<RouteKey, { definition: RouteDef; route: HttpRoute }>();

  constructor(scope: Construct, group: string) {
    super(scope, routeGroupConstructId(group), { description: `Creator LLC: the routes of functions/handlers/${group}/ and their functions` });
    this.group = group;
  }

  /**
   * The route `route` of `api`, invoking `live`, with its integration, in this stack. The
   * permission is the one HttpLambdaIntegration would add beside the route (any stage, any method,
   * the route's path), under the construct id it had when the route lived in the Api stack.
   */
  addRoute(route: RouteDef, constructId: string, live: Alias, api: HttpApi): HttpRoute {
    const key = routeKey(route);
    this.permitInvoke(live, api, route.path);
    const httpRoute = new HttpRoute(this, `${constructId}HttpRoute`, {
      httpApi: api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new PermittedLambdaIntegration(`${constructId}Integration`, live),
    });
    this.routes.set(key, { definition: route, route: httpRoute });
    return httpRoute;
  }

  /** Lets API Gateway invoke a route's `live` alias, scoped to the one API and the route's path. */
  private permitInvoke(live: Alias, api: HttpApi, path: string): void {
    live.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.formatArn({ service: 'execute-api', resource: api.apiId, resourceName: `*/*${path}` }),
    });
  }
}

/**
 * A Lambda proxy integration whose invoke permission is made by the function's route group
 * (RouteGroupStack.addRoute), not by the integration: the permission keeps the construct id it was
 * deployed with.
 */
class PermittedLambdaIntegration extends HttpLambdaIntegration {
  protected override completeBind(): void {}
}

/** A daily job's hours (UTC) as a cron field: `14`, or `14-18` when it runs again each hour until `untilHourUtc`. */
export function dailyHours(trigger: { hourUtc: number; untilHourUtc?: number }): string {
  return trigger.untilHourUtc === undefined ? String(trigger.hourUtc) : `${trigger.hourUtc}-${trigger.untilHourUtc}`;
}

function dailyText(trigger: { hourUtc: number; untilHourUtc?: number }): string {
  const first = `daily at ${trigger.hourUtc}:00 UTC`;
  return trigger.untilHourUtc === undefined ? first : `${first}, then hourly until ${trigger.untilHourUtc}:00`;
}

function describeTrigger(trigger: JobDef['trigger']): string {
  if (trigger.kind === 'stream') return `the ${trigger.table} table's stream`;
  if (trigger.kind === 'schedule') return `every ${trigger.everyMinutes} min`;
  if (trigger.kind === 'daily') return dailyText(trigger);
  if (trigger.kind === 'inbound-email') return 'replies SES receives for the inbound domain';
  return 'SES bounces and complaints';
}

/**
 * The HTTP API, generated from functions/routes.ts: one Lambda function per route-table entry
 * (adding a route adds its function here with no edit), each granted exactly the tables,
 * bucket, secrets and key use its route declares, plus the `$default` route answering 404/405.
 * Each route lives in the nested stack of its route group (RouteGroupStack, routeGroup): its
 * function, invoke permission, route and integration, nine resources a route there. This stack
 * holds what is shared (the HTTP API, its stage and domain, the `$default` route, the jobs, SES)
 * and one resource per group, so a new route adds nothing here and a new group one
 * (docs/decisions/0250-api-split-by-route-group.md, 0390, 0400).
 * With apiDomainName the API answers only on that domain (execute-api endpoint off), so the one
 * way in is CloudFront's `/api/*` behaviour with its web ACL.
 *
 * Also the functions no route calls, generated the same way from functions/jobs.ts with their
 * triggers (a table stream, a schedule, SES feedback), and SES sending (infra/email.ts). They
 * live here so that they share the functions' environment, including the siteUrl that
 * `npm run deploy` applies to this stack after a first deploy (order links in emails need it).
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** Host name CloudFront's `/api/*` origin connects to: the custom domain, else the execute-api host. */
  readonly originDomain: string;
  /** The API's own base URL (custom domain when configured). */
  readonly apiUrl: string;
  readonly functions = new Map<RouteKey, LambdaFn>();
  /** The nested stacks holding the route functions, by route group (routeGroup). */
  readonly routeGroups = new Map<string, RouteGroupStack>();
  readonly fallbackFunction: LambdaFn;
  readonly jobFunctions = new Map<JobKey, LambdaFn>();
  /** The `live` alias of every function of this stack and its route groups, by function. */
  readonly liveAliases = new Map<LambdaFn, Alias>();
  /** Where each stream job's event source puts batches it gave up on. */
  readonly failureQueues = new Map<JobKey, Queue>();
  readonly email: EmailSending;
  /** SES receiving of replies, where the stage has an inbound domain. */
  readonly receiving?: EmailReceiving;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // Tables and bucket imported by name into each stack that grants them (no cross-stack reference).
    const dataRefs = new Map<Stack, DataRefs>();
    const dataIn = (scope: Stack): DataRefs => {
      let refs = dataRefs.get(scope);
      if (!refs) dataRefs.set(scope, (refs = dataRefsIn(scope, config, scope === this ? props.streamArns : {})));
      return refs;
    };
    const data = dataIn(this);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Creator LLC API (${config.stage})`,
      createDefaultStage: false,
      // Only with a custom domain: without one the execute-api host is CloudFront's only origin.
      disableExecuteApiEndpoint: Boolean(config.apiDomainName),
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: prod ? RetentionDays.ONE_YEAR : RetentionDays.ONE_WEEK,
      removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE[config.stage],
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // Names, not values: every function can resolve any table name (config.ts requires all),
    // but IAM below only lets it touch what its route declares.
    const siteUrl = knownSiteUrl(config);
    const sharedEnvironment: Record<string, string> = {
      ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, data.tables[k].tableName])),
      DOCUMENTS_BUCKET: data.documentsBucket.bucketName,
      DEPLOYMENT: 'aws',
      // The Stage dimension of the metrics the functions emit (functions/lib/logger.ts), which the alarms watch.
      STAGE: config.stage,
      // The offline test-card mode is refused outside local runs; deployed stacks use the providers.
      PAYMENT_MODE: 'live',
      LOG_LEVEL: config.logLevel,
      // Whether every staff sign-in needs a second factor (always on prod: infra/stage-config.ts).
      STAFF_SECOND_FACTOR: config.requireSecondFactor ? 'required' : 'optional',
      ...(config.ownerEmail ? { STAFF_OWNER_EMAIL: config.ownerEmail } : {}),
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      ...(config.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey } : {}),
      // The seller receipts name while the owner has not set one (required in prod: infra/stage-config.ts).
      ...(config.sellerLegalName ? { SELLER_LEGAL_NAME: config.sellerLegalName } : {}),
      ...(config.sellerAddress ? { SELLER_ADDRESS: JSON.stringify(config.sellerAddress) } : {}),
    };

    const makeFunction = (scope: Stack, constructId: string, spec: FunctionSpec): LambdaFn => {
      const logGroup = new LogGroup(scope, `${constructId}Logs`, {
        retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
        removalPolicy,
      });
      const secretEnv = Object.fromEntries([...spec.secrets].map((key) => [`${SECRETS[key].envVar}_ARN`, props.secrets[key].secretArn]));
      const fn = new LambdaFn(scope, constructId, {
        // Deployed as built by scripts/build-functions.ts: index.mjs, its chunks and any assets.
        code: Code.fromAsset(builtFunction(spec.code, props.functionsBuildDir)),
        handler: 'index.handler',
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        memorySize: spec.memoryMb ?? DEFAULT_MEMORY_MB,
        timeout: Duration.seconds(spec.timeoutSeconds),
        logGroup,
        loggingFormat: LoggingFormat.JSON,
        environment: { ...sharedEnvironment, ...spec.environment, ...secretEnv },
        description: spec.description,
        // Kept when the next deploy publishes another: the versions are what npm run rollback returns to.
        currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      });
      // A published version of what this deploy built, and the alias the triggers invoke (LIVE_ALIAS).
      this.liveAliases.set(fn, new Alias(scope, `${constructId}Live`, { aliasName: LIVE_ALIAS, version: fn.currentVersion }));
      for (const key of spec.baseSecrets) props.secrets[key].grantRead(fn);
      acknowledge(
        fn,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "AWSLambdaBasicExecutionRole is AWS's managed minimum for log writing (CreateLogStream/PutLogEvents); it grants no data access.",
      );
      return fn;
    };
    const routeSpec = (code: string, description: string, route?: RouteDef): FunctionSpec => ({
      code,
      description,
      memoryMb: route?.memoryMb,
      timeoutSeconds: Math.min(route?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS),
      secrets: new Set<SecretKey>([...EVERY_FUNCTION_SECRETS, ...(route?.secrets ?? [])]),
      baseSecrets: EVERY_FUNCTION_SECRETS,
    });

    const seen = new Set<string>();
    const keys = new Set<string>();
    for (const route of [...ROUTES, ...(props.extraRoutes ?? [])] as readonly RouteDef[]) {
      const constructId = routeConstructId(route);
      if (seen.has(constructId)) throw new Error(`Two routes map to the same function id ${constructId}: rename one in functions/routes.ts`);
      if (keys.has(routeKey(route))) throw new Error(`The route ${routeKey(route)} is declared twice`);
      seen.add(constructId);
      keys.add(routeKey(route));

      // The function, its invoke permission, its route and its integration in its route group's nested stack.
      const scope = this.routeGroupStack(route);
      const fn = makeFunction(scope, constructId, routeSpec(routeFunctionName(route.handler), `${route.method} ${route.path}`, route));
      this.grantDeclaredAccess(fn, `${route.method} ${route.path}`, route, EVERY_FUNCTION_SECRETS, dataIn(scope), props);
      this.functions.set(routeKey(route), fn);
      const live = this.live(fn);
      if (scope instanceof RouteGroupStack) {
        scope.functions.set(routeKey(route), fn);
        scope.addRoute(route, constructId, live, this.httpApi);
      } else {
        // API_STACK_ROUTES: route, integration and permission here, under the logical ids they were deployed with.
        new HttpRoute(this, `${constructId}Route`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration: new HttpLambdaIntegration(`${constructId}Integration`, live),
        });
      }
    }
    this.fallbackFunction = makeFunction(this, 'DefaultRouteFunction', routeSpec(routeFunctionName('fallback'), 'API $default route (404/405)'));
    const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultRouteIntegration', this.live(this.fallbackFunction)),
    });
    if (config.routeHandover) this.parkGroupedRoutes(defaultRoute);
    this.acknowledgeRouteAuthorization(config);

    this.email = new EmailSending(this, 'Email', { config });
    // Receiving, where the stage has an inbound domain: replies to conversation emails come back to their ticket.
    this.receiving = config.inboundEmailDomain ? new EmailReceiving(this, 'EmailReceiving', { config, domain: config.inboundEmailDomain }) : undefined;
    for (const [key, job] of Object.entries(JOBS) as [JobKey, JobDef][]) {
      const constructId = jobConstructId(key);
      const fn = makeFunction(this, constructId, {
        code: jobFunctionName(job.handler),
        description: `Job ${key}: ${describeTrigger(job.trigger)}`,
        timeoutSeconds: Math.min(job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, MAX_JOB_TIMEOUT_SECONDS),
        // No origin-verify secret: jobs never see an HTTP request.
        secrets: new Set(job.secrets ?? []),
        baseSecrets: [],
        environment: job.sendsEmail ? this.email.environment : job.trigger.kind === 'inbound-email' ? this.receiving?.environment : undefined,
      });
      this.grantDeclaredAccess(fn, `Job ${key}`, job, [], data, props);
      if (job.sendsEmail) this.email.grantSend(fn);
      this.addJobTrigger(key, job, fn, this.live(fn), data);
      this.jobFunctions.set(key, fn);
    }

    if (config.apiDomainName && config.apiCertificateArn) {
      const domain = new DomainName(this, 'ApiDomain', {
        domainName: config.apiDomainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
      const mapping = new ApiMapping(this, 'ApiMapping', { api: this.httpApi, domainName: domain, stage: this.stage });
      // The mapping names the stage as "$default", not by reference, so CloudFormation needs the order.
      mapping.node.addDependency(this.stage);
      new CfnOutput(this, 'ApiDomainTarget', {
        description: `Point ${config.apiDomainName} here (Route 53 alias or CNAME): CloudFront reaches the API through that name`,
        value: domain.regionalDomainName,
      });
      this.originDomain = config.apiDomainName;
      this.apiUrl = `https://${config.apiDomainName}`;
    } else {
      // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; the origin wants the host.
      this.originDomain = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
      this.apiUrl = this.httpApi.apiEndpoint;
    }
  }

  /** A function's `live` alias (LIVE_ALIAS), what its trigger invokes. */
  live(fn: LambdaFn): Alias {
    const alias = this.liveAliases.get(fn);
    if (!alias) throw new Error(`${fn.node.path} has no ${LIVE_ALIAS} alias`);
    return alias;
  }

  /**
   * The handover deploy (`-c routeHandover=true`, once per stage deployed before routes moved to
   * their groups; docs/decisions/0400-routes-live-in-their-group-stack.md, docs/deploy.md): each
   * grouped route's old route stays in this stack under its deployed logical id (`<Id>Route`),
   * moved to its parked key and to the `$default` integration, and its group's nested stack waits
   * for it. CloudFormation so updates the old route off its key before the group creates the route
   * under it, and deletes the old integration at the end. The next plain deploy deletes the parked
   * routes.
   */
  private parkGroupedRoutes(defaultRoute: HttpRoute): void {
    const fallback = defaultRoute.node.findChild('DefaultRouteIntegration') as HttpIntegration;
    for (const group of this.routeGroups.values()) {
      for (const { definition: def } of group.routes.values()) {
        if (!ROUTES_BEFORE_THE_MOVE.has(routeKey(def))) continue;
        const holder = new Construct(this, `${routeConstructId(def)}Route`);
        const parked = new CfnRoute(holder, 'Resource', {
          apiId: this.httpApi.apiId,
          routeKey: parkedRouteKey(def),
          target: `integrations/${fallback.integrationId}`,
          authorizationType: 'NONE',
        });
        acknowledge(
          holder,
          'AwsSolutions-APIG4',
          `A parked route of the handover deploy: ${HANDOVER_PREFIX}/* is not under /api/*, so CloudFront never sends a request to it, and it answers with the $default function (404).`,
        );
        group.nestedStackResource?.addResourceDependency(parked);
      }
    }
  }

  /** The stack a route's function goes in: its route group's nested stack, created on first use, or this one. */
  private routeGroupStack(route: RouteDef): Stack {
    const group = routeGroup(route);
    if (group === undefined) return this;
    let nested = this.routeGroups.get(group);
    if (!nested) this.routeGroups.set(group, (nested = new RouteGroupStack(this, group)));
    return nested;
  }

  /** Exactly the grants the route or job declares; nothing for tables, bucket, secrets or key it does not list. */
  private grantDeclaredAccess(
    fn: LambdaFn,
    label: string,
    declared: DeclaredAccess,
    alreadyGranted: readonly SecretKey[],
    data: DataRefs,
    props: ApiStackProps,
  ): void {
    for (const [key, grant] of Object.entries(declared.tables ?? {}) as [TableKey, Grant][]) {
      const table = data.tables[key];
      // `append` (the audit trail): PutItem on the table itself, nothing that reads, changes or deletes.
      if (grant === 'append') {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [table.tableArn] }));
        continue;
      }
      if (grant === 'write') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      const def: TableDef = TABLES[key];
      if (def.indexes?.length) {
        acknowledge(
          fn,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:${this.region}:<AWS::AccountId>:table/${tableName(props.config.stage, key)}/index/*]`,
          `${label} queries the ${key} table's global secondary indexes; the wildcard covers only that table's indexes.`,
        );
      }
    }
    if (declared.bucket) {
      if (declared.bucket === 'write') data.documentsBucket.grantReadWrite(fn);
      else data.documentsBucket.grantRead(fn);
      const actions =
        declared.bucket === 'write'
          ? ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']
          : ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
      for (const action of actions) {
        acknowledge(
          fn,
          `AwsSolutions-IAM5[Action::${action}]`,
          `The documents bucket ${declared.bucket} grant uses the ${action} action family, scoped to that one bucket, which holds only generated filing documents.`,
        );
      }
      acknowledge(
        fn,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${documentsBucketName(props.config.stage, '<AWS::AccountId>', '<AWS::Region>')}/*]`,
        'Filing documents are stored under per-application keys created at run time, so the grant covers the objects of the documents bucket only.',
      );
    }
    for (const key of declared.secrets ?? []) if (!alreadyGranted.includes(key)) props.secrets[key].grantRead(fn);
    if (declared.kms) grantKeyUse(fn, props.piiKey, declared.kms);
  }

  /** What starts a job (through its `live` alias): its table's stream, a schedule, or SES feedback through the email topic. */
  private addJobTrigger(key: JobKey, job: JobDef, fn: LambdaFn, live: IFunction, data: DataRefs): void {
    const id = jobConstructId(key);
    const trigger = job.trigger;
    if (trigger.kind === 'stream') {
      const def: TableDef = TABLES[trigger.table];
      if (!def.stream) throw new Error(`functions/jobs.ts: ${key} reads the ${trigger.table} table's stream, but functions/tables.ts gives that table none`);
      const failures = new Queue(this, `${id}Failures`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(
        failures,
        'AwsSolutions-SQS3',
        "This queue is itself a failure destination: the stream event source mapping sends it the position of batches it gave up on; nothing consumes it but an operator, alerted by the Operations stack's alarm.",
      );
      live.addEventSource(
        new DynamoEventSource(data.tables[trigger.table], {
          startingPosition: StartingPosition.LATEST,
          batchSize: STREAM_JOB_SOURCE.batchSize,
          // A failing record is isolated by halving the batch, and only the records the handler reports are retried.
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          retryAttempts: STREAM_JOB_SOURCE.retryAttempts,
          onFailure: new SqsDlq(failures),
        }),
      );
      acknowledge(
        fn,
        'AwsSolutions-IAM5[Resource::*]',
        `${key} reads the ${trigger.table} table's stream: Lambda's poller needs dynamodb:ListStreams, which IAM only grants on "*" (it names no table); the stream-reading actions themselves are scoped to that stream.`,
      );
      this.failureQueues.set(key, failures);
    } else if (trigger.kind === 'schedule') {
      new Rule(this, `${id}Schedule`, {
        description: `Runs the ${key} job every ${trigger.everyMinutes} min`,
        schedule: Schedule.rate(Duration.minutes(trigger.everyMinutes)),
        targets: [new LambdaFunction(live)],
      });
    } else if (trigger.kind === 'daily') {
      new Rule(this, `${id}Schedule`, {
        description: `Runs the ${key} job ${dailyText(trigger)}`,
        schedule: Schedule.cron({ minute: '0', hour: dailyHours(trigger) }),
        targets: [new LambdaFunction(live)],
      });
    } else if (trigger.kind === 'inbound-email') {
      // Without an inbound domain nothing invokes it: the emails say replies are not read.
      this.receiving?.deliverTo(live);
      this.receiving?.grantRead(fn);
    } else {
      this.email.feedbackTopic.addSubscription(new LambdaSubscription(live));
      // SNS invokes the alias by its qualified ARN. The synth's template check warns that it
      // expects a function there (W3694); SNS accepts an alias (docs/decisions/0311).
    }
  }

  private acknowledgeRouteAuthorization(config: StageConfig): void {
    for (const child of this.node.findAll()) {
      if (child instanceof HttpRoute) {
        acknowledge(
          child,
          'AwsSolutions-APIG4',
          `Customer routes are public by design (anonymous wizard and checkout); staff routes are authorised in the function by the staff-token session check from the route table (${config.stage}).`,
        );
      }
    }
  }
}
