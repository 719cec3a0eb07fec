import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SCRIPTS } from '#shared/payments/methods.ts';
import { JOBS } from '../functions/jobs.ts';
import { VIEWER_ADDRESS_HEADER } from '../functions/lib/edge.ts';
import { ROUTES, type RouteDef, routeKey } from '../functions/routes.ts';
import { GENERATED_SECRET_KEYS, SECRET_KEYS, SECRETS } from '../functions/secrets-catalog.ts';
import { TABLE_KEYS, TABLES, type TableDef } from '../functions/tables.ts';
import { RESUME_SECRET_HEADER } from '../shared/api/routes.ts';
import { DEFAULT_MEMORY_MB, EVERY_FUNCTION_SECRETS, routeConstructId, THROTTLE } from './stacks/api-stack.ts';
import { STRIPE_WEBHOOK_ROUTE } from './stacks/operations-stack.ts';
import { SECRET_PLACEHOLDER_VALUE } from './stacks/secrets-stack.ts';
import { API_FORWARDED_HEADERS, DOCUMENTS_PATH } from './stacks/web-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { liveAliasOf, type SynthesisedProduct, synthProduct } from './test-support.ts';

const routes = ROUTES as readonly RouteDef[];
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

// AWS-managed CloudFront cache policy the /api/* behaviour must use.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

let dev: SynthesisedProduct;
let prod: SynthesisedProduct;

beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
  prod = synthProduct({
    stage: 'prod',
    alarmEmail: 'ops@example.com',
    domainName: 'www.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    ...EXAMPLE_API_DOMAIN_CONTEXT,
  });
}, 300_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
});

function resources(product: SynthesisedProduct, stack: keyof SynthesisedProduct['templates'], type: string): Record<string, Resource> {
  return product.templates[stack].findResources(type) as Record<string, Resource>;
}

/** The route's Lambda function resource and its role's inline policy statements. */
function routeFunction(product: SynthesisedProduct, route: RouteDef) {
  const id = routeConstructId(route);
  const fns = resources(product, 'api', 'AWS::Lambda::Function');
  const [logicalId, fn] =
    Object.entries(fns).find(
      ([key]) => key.startsWith(id) && !key.startsWith(`${id}Logs`) && fns[key].Properties.Description === `${route.method} ${route.path}`,
    ) ?? [];
  if (!fn || !logicalId) throw new Error(`No function for ${routeKey(route)}`);
  const roleRef = fn.Properties.Role['Fn::GetAtt'][0] as string;
  const policies = Object.values(resources(product, 'api', 'AWS::IAM::Policy')).filter((p) =>
    p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleRef),
  );
  const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  return { logicalId, fn, statements, env: fn.Properties.Environment.Variables as Record<string, unknown> };
}

const tableArnPattern = (stage: string, key: string) => new RegExp(`:table/creator-llc-${stage}-${key}(/index/\\*)?"`);

describe('API stack: generated from the route table', () => {
  it('has exactly one Lambda function per route-table entry plus the $default route function (and one per job)', () => {
    dev.templates.api.resourceCountIs('AWS::Lambda::Function', routes.length + 1 + Object.keys(JOBS).length);
    for (const route of routes) {
      dev.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey(route) });
    }
    dev.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
    dev.templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length + 1);
  });

  it('adds no other functions than the framework’s own (site deployment, bucket emptying) and the site publisher elsewhere', () => {
    for (const stack of ['data', 'secrets', 'web', 'operations'] as const) {
      for (const [logicalId] of Object.entries(resources(dev, stack, 'AWS::Lambda::Function'))) {
        // The site publisher re-renders the prerendered pages when a text is published, and CDK's trigger runs it once at deploy (infra/site-publisher.test.ts).
        expect(logicalId).toMatch(/^(CustomCDKBucketDeployment|CustomS3AutoDeleteObjects|SitePublisherFunction|AWSCDKTriggerCustomResourceProvider)/);
      }
    }
  });

  it('builds every function for arm64 Node.js 24 with the route’s memory and a log group with retention', () => {
    for (const route of routes) {
      const { fn } = routeFunction(dev, route);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: route.memoryMb ?? DEFAULT_MEMORY_MB,
      });
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
    for (const group of Object.values(resources(dev, 'api', 'AWS::Logs::LogGroup'))) expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it('sets the configuration module’s environment: every table, the bucket, aws deployment, live payments', () => {
    for (const route of routes) {
      const { env } = routeFunction(dev, route);
      for (const key of TABLE_KEYS) expect(env[TABLES[key].envVar]).toBe(`creator-llc-dev-${key}`);
      expect(env).toMatchObject({ DEPLOYMENT: 'aws', PAYMENT_MODE: 'live', LOG_LEVEL: 'INFO' });
      expect(env.DOCUMENTS_BUCKET).toBeDefined();
    }
    const { env } = routeFunction(prod, routes[0]);
    expect(env.SITE_URL).toBe('https://www.example.com');
  });

  it('grants each route exactly the tables it declares, read-only where it only reads', () => {
    const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    for (const route of routes) {
      const { statements } = routeFunction(dev, route);
      for (const key of TABLE_KEYS) {
        const onTable = statements.filter((s) => tableArnPattern('dev', key).test(JSON.stringify(s.Resource)));
        const declared = (route.tables as Record<string, string> | undefined)?.[key];
        if (!declared) {
          expect(onTable, `${routeKey(route)} must not reach the ${key} table`).toEqual([]);
          continue;
        }
        const actions = onTable.flatMap((s) => [s.Action].flat());
        // The audit trail is append-only (infra/audit-grants.test.ts): PutItem and nothing else.
        if (declared === 'append') {
          expect(actions, `${routeKey(route)} append ${key}`).toEqual(['dynamodb:PutItem']);
          continue;
        }
        expect(actions).toContain('dynamodb:GetItem');
        for (const write of writeActions) expect(actions.includes(write), `${routeKey(route)} ${declared} ${key}: ${write}`).toBe(declared === 'write');
        if ((TABLES[key] as TableDef).indexes?.length) expect(JSON.stringify(onTable)).toContain(`creator-llc-dev-${key}/index/*`);
      }
    }
  });

  it('gives staff routes no grant on tables they do not declare (sessions is declared for the token check)', () => {
    const staff = routes.filter((r) => r.access === 'staff');
    expect(staff.length).toBeGreaterThan(0);
    for (const route of staff) {
      const { statements } = routeFunction(dev, route);
      const reached = TABLE_KEYS.filter((key) => statements.some((s) => tableArnPattern('dev', key).test(JSON.stringify(s.Resource))));
      expect(reached.sort()).toEqual(Object.keys(route.tables ?? {}).sort());
      expect(reached).toContain('sessions');
    }
  });

  it('grants the documents bucket and the secrets only to the routes that declare them (plus the middleware’s own)', () => {
    for (const route of routes) {
      const { statements, env } = routeFunction(dev, route);
      const s3 = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      const s3Actions = s3.flatMap((s) => [s.Action].flat());
      expect(s3.length > 0, `${routeKey(route)} bucket access`).toBe(Boolean(route.bucket));
      expect(s3Actions.includes('s3:PutObject'), `${routeKey(route)} bucket write`).toBe(route.bucket === 'write');

      const secretReads = statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
      const declared = new Set([...EVERY_FUNCTION_SECRETS, ...(route.secrets ?? [])]);
      expect(secretReads.length, `${routeKey(route)} secrets`).toBe(declared.size);
      for (const key of SECRET_KEYS) {
        expect(`${SECRETS[key].envVar}_ARN` in env, `${routeKey(route)} ${key}`).toBe(declared.has(key));
      }
    }
  });

  it('never puts a secret value in a function environment', () => {
    for (const product of [dev, prod]) {
      for (const fn of Object.values(resources(product, 'api', 'AWS::Lambda::Function'))) {
        const env = fn.Properties.Environment.Variables as Record<string, unknown>;
        for (const key of SECRET_KEYS) expect(env).not.toHaveProperty(SECRETS[key].envVar);
        const text = JSON.stringify(env);
        expect(text).not.toContain(SECRET_PLACEHOLDER_VALUE);
        expect(text).not.toMatch(/sk_(live|test)_|whsec_|rk_live_/);
        for (const [name, value] of Object.entries(env)) {
          if (name.endsWith('_ARN')) expect(JSON.stringify(value)).toMatch(/ImportValue|arn:/);
        }
      }
    }
    for (const secret of Object.values(resources(prod, 'secrets', 'AWS::SecretsManager::Secret'))) {
      const generated = GENERATED_SECRET_KEYS.some((key) => secret.Properties.Name === `creator-llc/prod/${key}`);
      if (generated) expect(secret.Properties).not.toHaveProperty('SecretString');
      else expect(secret.Properties.SecretString).toBe(SECRET_PLACEHOLDER_VALUE);
    }
    dev.templates.secrets.resourceCountIs('AWS::SecretsManager::Secret', SECRET_KEYS.length);
  });

  it('routes the Stripe webhook to its own function and outputs the URL to register', () => {
    const webhook = routes.find((r) => routeKey(r) === STRIPE_WEBHOOK_ROUTE);
    expect(webhook, 'POST /api/webhook/stripe is in the route table').toBeDefined();
    expect(webhook?.rawBody).toBe(true);
    const { logicalId } = routeFunction(dev, webhook as RouteDef);
    dev.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: STRIPE_WEBHOOK_ROUTE });
    // API Gateway invokes the live alias (npm run rollback points it back).
    dev.templates.api.hasResourceProperties('AWS::Lambda::Permission', { FunctionName: { Ref: liveAliasOf(dev.templates.api, logicalId) } });
    prod.templates.operations.hasOutput('StripeWebhookUrl', { Value: 'https://www.example.com/api/webhook/stripe' });
    prod.templates.operations.hasOutput('SiteUrl', { Value: 'https://www.example.com' });
    prod.templates.operations.hasOutput('ApiUrl', Match.anyValue());
  });

  it('publishes a version of every function and invokes each only through its live alias (npm run rollback)', () => {
    const template = prod.templates.api;
    const fns = Object.keys(template.findResources('AWS::Lambda::Function'));
    const versions = Object.values(template.findResources('AWS::Lambda::Version')) as Resource[];
    const aliases = template.findResources('AWS::Lambda::Alias') as Record<string, Resource>;
    expect(fns.length).toBe(routes.length + 1 + Object.keys(JOBS).length);
    for (const fn of fns) {
      const alias = aliases[liveAliasOf(template, fn)];
      const version = versions.find((v) => v.Properties.FunctionName?.Ref === fn);
      expect(version, fn).toBeDefined();
      // Earlier versions stay when a deploy publishes a new one: they are what a rollback returns to.
      expect(version?.DeletionPolicy, fn).toBe('Retain');
      expect(JSON.stringify(alias.Properties.FunctionVersion), fn).toContain('Version');
    }
    // Nothing invokes a function directly: every integration, permission and trigger names an alias.
    const direct = (type: string, key: (p: Record<string, any>) => unknown) =>
      Object.entries(template.findResources(type) as Record<string, Resource>).filter(([, r]) =>
        fns.some((fn) => JSON.stringify(key(r.Properties)).includes(`"${fn}"`)),
      );
    expect(direct('AWS::ApiGatewayV2::Integration', (p) => p.IntegrationUri)).toEqual([]);
    expect(direct('AWS::Lambda::Permission', (p) => p.FunctionName)).toEqual([]);
    expect(direct('AWS::Lambda::EventSourceMapping', (p) => p.FunctionName)).toEqual([]);
    expect(direct('AWS::Events::Rule', (p) => p.Targets)).toEqual([]);
  });

  it('throttles the stage and writes access logs', () => {
    for (const [product, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      product.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: THROTTLE[stage].burstLimit, ThrottlingRateLimit: THROTTLE[stage].rateLimit },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      });
    }
  });
});

describe('Data stack', () => {
  it('creates every table on demand with PITR, AWS-managed encryption, its keys, GSIs and TTL', () => {
    dev.templates.data.resourceCountIs('AWS::DynamoDB::Table', TABLE_KEYS.length);
    for (const key of TABLE_KEYS) {
      const def: TableDef = TABLES[key];
      dev.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: `creator-llc-dev-${key}`,
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        KeySchema: Match.arrayWith([{ AttributeName: def.partitionKey.name, KeyType: 'HASH' }]),
        ...(def.ttlAttribute ? { TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true } } : {}),
        ...(def.indexes ? { GlobalSecondaryIndexes: def.indexes.map((i) => Match.objectLike({ IndexName: i.indexName })) } : {}),
      });
    }
  });

  it('deletes unpaid applications by TTL on expiresAt (the privacy page promises it), in every stage', () => {
    for (const [stage, app] of [
      ['dev', dev],
      ['prod', prod],
    ] as const) {
      app.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: `creator-llc-${stage}-applications`,
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      });
    }
  });

  it('expires activity entries and tickets by TTL on ttl, and ticket search items on expiresAt (the privacy page promises it)', () => {
    for (const [stage, app] of [
      ['dev', dev],
      ['prod', prod],
    ] as const) {
      for (const [table, attribute] of [
        ['activity', 'ttl'],
        ['tickets', 'ttl'],
        ['searchIndex', 'expiresAt'],
      ] as const) {
        app.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
          TableName: `creator-llc-${stage}-${table}`,
          TimeToLiveSpecification: { AttributeName: attribute, Enabled: true },
        });
      }
    }
  });

  it('retains tables with deletion protection in prod and lets dev be destroyed', () => {
    for (const table of Object.values(resources(prod, 'data', 'AWS::DynamoDB::Table'))) {
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
    }
    for (const table of Object.values(resources(dev, 'data', 'AWS::DynamoDB::Table'))) {
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
      expect(table.DeletionPolicy).toBe('Delete');
    }
  });

  it('keeps the documents bucket private, versioned, encrypted, SSL-only, with old versions expiring', () => {
    const buckets = resources(prod, 'data', 'AWS::S3::Bucket');
    const [, documents] = Object.entries(buckets).find(([id]) => id.startsWith('DocumentsBucket')) ?? [];
    expect(documents?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    expect(JSON.stringify(documents?.Properties.LifecycleConfiguration)).toContain('NoncurrentVersionExpiration');
    expect(documents?.DeletionPolicy).toBe('Retain');
    prod.templates.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });
});

describe('Web stack', () => {
  it('serves the SPA by default and /api/* from the HTTP API, uncached, all methods, the API’s headers but not Host', () => {
    const [distribution] = Object.values(resources(dev, 'web', 'AWS::CloudFront::Distribution'));
    const config = distribution.Properties.DistributionConfig;
    // The other behaviour is the documents bucket's (infra/documents.test.ts).
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(['/api/*', DOCUMENTS_PATH]);
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
    });
    dev.templates.web.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: [...API_FORWARDED_HEADERS] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      }),
    });
    expect(API_FORWARDED_HEADERS.map((h) => h.toLowerCase())).not.toContain('host');
    expect(API_FORWARDED_HEADERS.length).toBeLessThanOrEqual(10);
    // Every request header a handler reads reaches it through CloudFront (the wizard, checkout and
    // order page send the resume secret; staff the token; Stripe its signature).
    const forwarded = API_FORWARDED_HEADERS.map((h) => h.toLowerCase());
    for (const header of [RESUME_SECRET_HEADER, 'staff-token', 'stripe-signature', 'content-type', VIEWER_ADDRESS_HEADER]) expect(forwarded).toContain(header);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    // The page rewrite on the way in, the not-found page's 404 on the way out (infra/site-publisher.test.ts runs both).
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f: { EventType: string }) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    const apiOrigin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(config.Origins.find((o: { Id: string }) => o.Id === config.DefaultCacheBehavior.TargetOriginId).OriginAccessControlId).toBeDefined();
  });

  it('sends the security headers: CSP for the payment providers, HSTS, nosniff, no framing, referrer policy', () => {
    const [policy] = Object.values(resources(dev, 'web', 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = headers.ContentSecurityPolicy.ContentSecurityPolicy as string;
    for (const origin of [
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://api.stripe.com',
      'https://x.klarnacdn.net',
      'https://static-na.payments-amazon.com',
      'https://applepay.cdn-apple.com',
    ]) {
      expect(csp).toContain(origin);
    }
    // Every script the checkout loads at run time comes from an origin script-src allows.
    const scriptSrc = (/script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
    for (const url of Object.values(PROVIDER_SCRIPTS)) expect(scriptSrc).toContain(new URL(url).origin);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
  });

  it('uses the custom domain with TLS 1.2+ when one is configured', () => {
    prod.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['www.example.com'],
        ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only', AcmCertificateArn: Match.anyValue() },
      },
    });
  });

  it('serves prerendered pages as themselves, client routes from the app shell, and leaves files alone', async () => {
    const found = Object.entries(resources(dev, 'web', 'AWS::CloudFront::Function')).find(([id]) => id.startsWith('SpaRewrite'));
    if (!found) throw new Error('no SpaRewrite function in the web stack');
    const fn = found[1];
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    // The wizard's later steps and the staff sign-in are prerendered frames (docs/decisions/0416); other client routes get the app shell.
    expect(handler({ request: { uri: '/wizard/2' } }).uri).toBe('/wizard-2.html');
    expect(handler({ request: { uri: '/staff/login' } }).uri).toBe('/staff-login.html');
    expect(handler({ request: { uri: '/orders/6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10/email-change' } }).uri).toBe('/app.html');
    expect(handler({ request: { uri: '/staff' } }).uri).toBe('/app.html');
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/pricing' } }).uri).toBe('/pricing.html');
    expect(handler({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
    expect(handler({ request: { uri: '/favicon.svg' } }).uri).toBe('/favicon.svg');
  });

  it('deploys hashed assets with a one-year immutable cache and the shell with no-cache plus an invalidation', () => {
    dev.templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    dev.templates.web.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
  });
});

// The Operations stack's alarms and dashboard: infra/operations.test.ts.
