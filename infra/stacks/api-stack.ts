import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  DomainName,
  HttpApi,
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
import { LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type Grant, ROUTES, type RouteDef, type RouteKey, routeKey } from '../../functions/routes.ts';
import { SECRETS, type SecretKey } from '../../functions/secrets-catalog.ts';
import { TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';
import { cdkBundling, handlerEntry, LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, REPO_ROOT } from '../lambda-bundle.ts';
import { acknowledge } from '../nag.ts';
import { documentsBucketName, knownSiteUrl, type StageConfig, tableName } from '../stage-config.ts';
import { tableConstructId } from './data-stack.ts';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  secrets: Record<SecretKey, Secret>;
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

/** Stage-wide throttling (requests per second and burst), per stage. */
export const THROTTLE = {
  dev: { rateLimit: 20, burstLimit: 40 },
  prod: { rateLimit: 100, burstLimit: 200 },
} as const;

/** Construct id of a route's function: `POST /api/webhook/stripe` -> `PostWebhookStripe`, `GET /api/openapi.json` -> `GetOpenapiJson`. */
export function routeConstructId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const words = [route.method.toLowerCase(), ...route.path.replace(/^\/api\//, '').split(/[/\-{}_.]+/)];
  return words
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/**
 * The HTTP API, generated from functions/routes.ts: one NodejsFunction per route-table entry
 * (adding a route adds its function here with no edit), each granted exactly the tables,
 * bucket and secrets its route declares, plus the `$default` route answering 404/405. With
 * apiDomainName the API answers only on that domain (execute-api endpoint off), so the one way
 * in is CloudFront's `/api/*` behaviour with its web ACL.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** Host name CloudFront's `/api/*` origin connects to: the custom domain, else the execute-api host. */
  readonly originDomain: string;
  /** The API's own base URL (custom domain when configured). */
  readonly apiUrl: string;
  readonly functions = new Map<RouteKey, NodejsFunction>();
  readonly fallbackFunction: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const data = this.dataRefs(config);

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
      // The offline test-card mode is refused outside local runs; deployed stacks use the providers.
      PAYMENT_MODE: 'live',
      LOG_LEVEL: config.logLevel,
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      ...(config.stripePublishableKey ? { STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey } : {}),
    };

    const makeFunction = (constructId: string, handler: string, route?: RouteDef): NodejsFunction => {
      const logGroup = new LogGroup(this, `${constructId}Logs`, {
        retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
        removalPolicy,
      });
      const secretKeys = new Set<SecretKey>([...EVERY_FUNCTION_SECRETS, ...(route?.secrets ?? [])]);
      const secretEnv = Object.fromEntries([...secretKeys].map((key) => [`${SECRETS[key].envVar}_ARN`, props.secrets[key].secretArn]));
      const fn = new NodejsFunction(this, constructId, {
        entry: handlerEntry(handler),
        handler: 'handler',
        runtime: LAMBDA_RUNTIME,
        architecture: LAMBDA_ARCHITECTURE,
        memorySize: route?.memoryMb ?? DEFAULT_MEMORY_MB,
        timeout: Duration.seconds(Math.min(route?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS)),
        logGroup,
        loggingFormat: LoggingFormat.JSON,
        environment: { ...sharedEnvironment, ...secretEnv },
        projectRoot: REPO_ROOT,
        depsLockFilePath: `${REPO_ROOT}/package-lock.json`,
        bundling: cdkBundling(handlerEntry(handler)),
        description: route ? `${route.method} ${route.path}` : 'API $default route (404/405)',
      });
      for (const key of EVERY_FUNCTION_SECRETS) props.secrets[key].grantRead(fn);
      acknowledge(
        fn,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "AWSLambdaBasicExecutionRole is AWS's managed minimum for log writing (CreateLogStream/PutLogEvents); it grants no data access.",
      );
      acknowledge(
        fn,
        'AwsSolutions-L1',
        'Node.js 22 is the runtime the handlers and their esbuild target (node22) are built and tested for; moving to 24 is a deliberate upgrade, not a drift.',
      );
      return fn;
    };

    const seen = new Set<string>();
    for (const route of ROUTES as readonly RouteDef[]) {
      const constructId = routeConstructId(route);
      if (seen.has(constructId)) throw new Error(`Two routes map to the same function id ${constructId}: rename one in functions/routes.ts`);
      seen.add(constructId);

      const fn = makeFunction(constructId, route.handler, route);
      this.grantRouteAccess(fn, route, data, props);
      this.functions.set(routeKey(route), fn);
      new HttpRoute(this, `${constructId}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${constructId}Integration`, fn),
      });
    }
    this.fallbackFunction = makeFunction('DefaultRouteFunction', 'fallback');
    new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultRouteIntegration', this.fallbackFunction),
    });
    this.acknowledgeRouteAuthorization(config);

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

  /** Tables and bucket imported by name (the data stack deploys first; see product.ts). */
  private dataRefs(config: StageConfig): DataRefs {
    const tables = {} as Record<TableKey, ITable>;
    for (const key of TABLE_KEYS) {
      const def: TableDef = TABLES[key];
      tables[key] = Table.fromTableAttributes(this, `${tableConstructId(key)}Ref`, {
        tableName: tableName(config.stage, key),
        globalIndexes: def.indexes?.map((i) => i.indexName),
      });
    }
    const documentsBucket = Bucket.fromBucketName(this, 'DocumentsBucketRef', documentsBucketName(config.stage, Aws.ACCOUNT_ID, Aws.REGION));
    return { tables, documentsBucket };
  }

  /** Exactly the grants the route declares; nothing for tables, bucket or secrets it does not list. */
  private grantRouteAccess(fn: NodejsFunction, route: RouteDef, data: DataRefs, props: ApiStackProps): void {
    for (const [key, grant] of Object.entries(route.tables ?? {}) as [TableKey, Grant][]) {
      const table = data.tables[key];
      if (grant === 'write') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      const def: TableDef = TABLES[key];
      if (def.indexes?.length) {
        acknowledge(
          fn,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:${this.region}:<AWS::AccountId>:table/${tableName(props.config.stage, key)}/index/*]`,
          `${route.method} ${route.path} queries the ${key} table's global secondary indexes; the wildcard covers only that table's indexes.`,
        );
      }
    }
    if (route.bucket) {
      if (route.bucket === 'write') data.documentsBucket.grantReadWrite(fn);
      else data.documentsBucket.grantRead(fn);
      const actions =
        route.bucket === 'write'
          ? ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']
          : ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
      for (const action of actions) {
        acknowledge(
          fn,
          `AwsSolutions-IAM5[Action::${action}]`,
          `The documents bucket ${route.bucket} grant uses the ${action} action family, scoped to that one bucket, which holds only generated filing documents.`,
        );
      }
      acknowledge(
        fn,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${documentsBucketName(props.config.stage, '<AWS::AccountId>', '<AWS::Region>')}/*]`,
        'Filing documents are stored under per-application keys created at run time, so the grant covers the objects of the documents bucket only.',
      );
    }
    for (const key of route.secrets ?? []) if (!EVERY_FUNCTION_SECRETS.includes(key)) props.secrets[key].grantRead(fn);
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
