import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, type JobKey } from '../functions/jobs.ts';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/edge.ts';
import { ROUTES, type RouteDef, routeKey } from '../functions/routes.ts';
import { SECRETS } from '../functions/secrets-catalog.ts';
import { jobConstructId } from './stacks/api-stack.ts';
import { DEPLOY_REGION, EXAMPLE_API_DOMAIN_CONTEXT, parseStageConfig } from './stage-config.ts';
import { type SynthesisedProduct, synthProduct } from './test-support.ts';
import { ANONYMOUS_WRITE_PATH_PREFIXES, MANAGED_RULES_EXEMPT_PATH, RATE_LIMITS, RULE_NAMES, STAFF_LOGIN_PATH } from './web-acl.ts';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

let dev: SynthesisedProduct;
let prod: SynthesisedProduct;

beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
  prod = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT });
}, 120_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
});

function resources(product: SynthesisedProduct, stack: keyof SynthesisedProduct['templates'], type: string): [string, Resource][] {
  return Object.entries(product.templates[stack].findResources(type)) as [string, Resource][];
}

function only(product: SynthesisedProduct, stack: keyof SynthesisedProduct['templates'], type: string): [string, Resource] {
  const found = resources(product, stack, type);
  expect(found, `${stack} ${type}`).toHaveLength(1);
  return found[0];
}

function distributionConfig(product: SynthesisedProduct) {
  return only(product, 'web', 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;
}

function apiBehaviourAndOrigin(product: SynthesisedProduct) {
  const config = distributionConfig(product);
  const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
  const origin = config.Origins.find((o: { Id: string }) => o.Id === behaviour.TargetOriginId);
  return { behaviour, origin };
}

function rule(product: SynthesisedProduct, name: string) {
  const [, acl] = only(product, 'web', 'AWS::WAFv2::WebACL');
  const found = acl.Properties.Rules.find((r: { Name: string }) => r.Name === name);
  if (!found) throw new Error(`No web ACL rule ${name}`);
  return found;
}

/** Search strings of the byte-match statements under a statement, keyed by field. */
function byteMatches(statement: unknown): { field: string; constraint: string; value: string }[] {
  const out: { field: string; constraint: string; value: string }[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const byteMatch = (node as Record<string, any>).ByteMatchStatement;
    if (byteMatch) out.push({ field: Object.keys(byteMatch.FieldToMatch)[0], constraint: byteMatch.PositionalConstraint, value: byteMatch.SearchString });
    for (const child of Object.values(node)) walk(child);
  };
  walk(statement);
  return out;
}

describe('AWS WAF web ACL on the distribution', () => {
  it('exists with scope CLOUDFRONT in every stage and is attached to the distribution', () => {
    for (const product of [dev, prod]) {
      const [aclId, acl] = only(product, 'web', 'AWS::WAFv2::WebACL');
      expect(acl.Properties.Scope).toBe('CLOUDFRONT');
      expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
      expect(distributionConfig(product).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    }
  });

  it('lives in us-east-1 with the rest of the stage, the only region CloudFront web ACLs can be created in', () => {
    for (const product of [dev, prod]) {
      for (const stack of Object.values(product.stacks)) expect(stack.region, stack.stackName).toBe(DEPLOY_REGION);
    }
    expect(DEPLOY_REGION).toBe('us-east-1');
  });

  it('has the three rate-based rules with their limits, per viewer IP, answering 429', () => {
    const expected = [
      [RULE_NAMES.staffLogin, RATE_LIMITS.staffLogin],
      [RULE_NAMES.anonymousWrites, RATE_LIMITS.anonymousWrites],
      [RULE_NAMES.api, RATE_LIMITS.api],
    ] as const;
    const [, acl] = only(dev, 'web', 'AWS::WAFv2::WebACL');
    const rateRules = acl.Properties.Rules.filter((r: { Statement: Record<string, unknown> }) => r.Statement.RateBasedStatement);
    expect(rateRules.map((r: { Name: string }) => r.Name).sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, limit] of expected) {
      const { Statement, Action } = rule(dev, name);
      expect(Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: limit });
      expect(Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    }
    // The tighter the scope, the tighter the limit.
    expect(RATE_LIMITS.staffLogin).toBeLessThan(RATE_LIMITS.anonymousWrites);
    expect(RATE_LIMITS.anonymousWrites).toBeLessThan(RATE_LIMITS.api);
  });

  it('scopes the overall limit to /api/*, the staff one to POST /api/staff/login', () => {
    expect(byteMatches(rule(dev, RULE_NAMES.api).Statement.RateBasedStatement.ScopeDownStatement)).toEqual([
      { field: 'UriPath', constraint: 'STARTS_WITH', value: '/api/' },
    ]);
    expect(byteMatches(rule(dev, RULE_NAMES.staffLogin).Statement.RateBasedStatement.ScopeDownStatement)).toEqual([
      { field: 'Method', constraint: 'EXACTLY', value: 'POST' },
      { field: 'UriPath', constraint: 'EXACTLY', value: STAFF_LOGIN_PATH },
    ]);
  });

  it('scopes the anonymous-write limit to POST and PATCH on the anonymous write paths', () => {
    const scope = rule(dev, RULE_NAMES.anonymousWrites).Statement.RateBasedStatement.ScopeDownStatement;
    const matches = byteMatches(scope);
    expect(matches.filter((m) => m.field === 'Method').map((m) => m.value)).toEqual(['POST', 'PATCH']);
    expect(matches.filter((m) => m.field === 'UriPath').map((m) => m.value)).toEqual([...ANONYMOUS_WRITE_PATH_PREFIXES]);
    expect(ANONYMOUS_WRITE_PATH_PREFIXES).toEqual([
      '/api/llc-applications',
      '/api/webhook/stage1',
      '/api/webhook/stage2',
      '/api/business-names/',
      '/api/support-tickets',
      '/api/create-payment-intent',
      '/api/klarna/',
      '/api/amazon-pay/',
      '/api/apple-pay/',
      '/api/test-payments/',
      '/api/orders/',
      '/api/order-lookups',
      '/api/reminders/',
      '/api/staff/invitations',
    ]);
  });

  it('covers every public route that writes data, except the signed Stripe webhook and the staff session routes', () => {
    const exempt = new Set([MANAGED_RULES_EXEMPT_PATH, STAFF_LOGIN_PATH, '/api/staff/logout']);
    const publicWrites = (ROUTES as readonly RouteDef[]).filter(
      (r) => r.access === 'public' && (r.method === 'POST' || r.method === 'PATCH') && Object.values(r.tables ?? {}).includes('write') && !exempt.has(r.path),
    );
    expect(publicWrites.length).toBeGreaterThan(0);
    for (const route of publicWrites) {
      expect(
        ANONYMOUS_WRITE_PATH_PREFIXES.some((p) => route.path.startsWith(p)),
        `${routeKey(route)} writes data anonymously: add its path to ANONYMOUS_WRITE_PATH_PREFIXES in infra/web-acl.ts`,
      ).toBe(true);
    }
  });

  it('applies the AWS common and known-bad-inputs rule sets (not to the Stripe webhook)', () => {
    for (const name of [RULE_NAMES.common, RULE_NAMES.knownBadInputs]) {
      const { Statement, OverrideAction } = rule(prod, name);
      expect(Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: name });
      expect(OverrideAction).toEqual({ None: {} });
      expect(byteMatches(Statement.ManagedRuleGroupStatement.ScopeDownStatement)).toEqual([
        { field: 'UriPath', constraint: 'EXACTLY', value: MANAGED_RULES_EXEMPT_PATH },
      ]);
      expect(Statement.ManagedRuleGroupStatement.ScopeDownStatement.NotStatement).toBeDefined();
    }
  });
});

describe('/api/* origin: viewer address and origin verification', () => {
  it('sends x-origin-verify from the generated origin-verify secret, by dynamic reference only', () => {
    for (const [product, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const { origin } = apiBehaviourAndOrigin(product);
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: `{{resolve:secretsmanager:creator-llc/${stage}/originVerify:SecretString:::}}` },
      ]);
      product.templates.secrets.hasResourceProperties('AWS::SecretsManager::Secret', {
        Name: `creator-llc/${stage}/originVerify`,
        GenerateSecretString: Match.objectLike({ PasswordLength: Match.anyValue(), ExcludePunctuation: true }),
      });
      expect(product.stacks.web.dependencies.map((s) => s.stackName)).toContain(product.stacks.secrets.stackName);
    }
  });

  it('forwards CloudFront-Viewer-Address through its own origin request policy', () => {
    for (const product of [dev, prod]) {
      const { behaviour } = apiBehaviourAndOrigin(product);
      // The API's own policy (the documents path has another: infra/documents.test.ts).
      const found = resources(product, 'web', 'AWS::CloudFront::OriginRequestPolicy').find(([id]) => id.startsWith('ApiOriginRequestPolicy'));
      if (!found) throw new Error('no ApiOriginRequestPolicy in the web stack');
      const [policyId, policy] = found;
      expect(behaviour.OriginRequestPolicyId).toEqual({ Ref: policyId });
      const headers = policy.Properties.OriginRequestPolicyConfig.HeadersConfig;
      expect(headers.HeaderBehavior).toBe('whitelist');
      expect(headers.Headers).toContain('CloudFront-Viewer-Address');
      // A viewer's own copy of the verify header must not reach the API.
      expect(headers.Headers.map((h: string) => h.toLowerCase())).not.toContain(ORIGIN_VERIFY_HEADER);
      for (const needed of ['Content-Type', 'Staff-Token', 'Stripe-Signature']) expect(headers.Headers).toContain(needed);
    }
  });

  it('lets every API function read the origin-verify secret, and tells each its ARN', () => {
    // Jobs answer no HTTP request, so they are not API functions.
    const jobIds = (Object.keys(JOBS) as JobKey[]).map(jobConstructId);
    for (const product of [dev, prod]) {
      const functions = resources(product, 'api', 'AWS::Lambda::Function').filter(([id]) => !jobIds.some((job) => id.startsWith(job)));
      expect(functions).toHaveLength(ROUTES.length + 1);
      const policies = resources(product, 'api', 'AWS::IAM::Policy');
      for (const [id, fn] of functions) {
        const env = fn.Properties.Environment.Variables as Record<string, unknown>;
        const arn = env[`${SECRETS.originVerify.envVar}_ARN`];
        expect(JSON.stringify(arn), id).toMatch(/OriginVerifySecret/);
        const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
        const statements = policies
          .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
          .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
        const reads = statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
        expect(
          reads.some((s) => JSON.stringify(s.Resource) === JSON.stringify(arn)),
          `${id} may read the origin-verify secret`,
        ).toBe(true);
      }
    }
  });
});

describe('API reachable only through the distribution', () => {
  it('in prod: execute-api endpoint off, the custom domain mapped to the stage, CloudFront pointed at it', () => {
    const [apiId, api] = only(prod, 'api', 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(true);
    const [domainId] = only(prod, 'api', 'AWS::ApiGatewayV2::DomainName');
    prod.templates.api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: EXAMPLE_API_DOMAIN_CONTEXT.apiDomainName,
      DomainNameConfigurations: [
        Match.objectLike({ CertificateArn: EXAMPLE_API_DOMAIN_CONTEXT.apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }),
      ],
    });
    const [, mapping] = only(prod, 'api', 'AWS::ApiGatewayV2::ApiMapping');
    expect(mapping.Properties).toMatchObject({ ApiId: { Ref: apiId }, DomainName: { Ref: domainId }, Stage: '$default' });
    expect(mapping.DependsOn?.some((d) => d.startsWith('DefaultStage'))).toBe(true);
    expect(apiBehaviourAndOrigin(prod).origin.DomainName).toBe(EXAMPLE_API_DOMAIN_CONTEXT.apiDomainName);
    prod.templates.operations.hasOutput('ApiUrl', { Value: `https://${EXAMPLE_API_DOMAIN_CONTEXT.apiDomainName}` });
    prod.templates.api.hasOutput('ApiDomainTarget', { Value: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] } });
  });

  it('in dev without an API domain: the execute-api endpoint stays as CloudFront’s origin', () => {
    const [, api] = only(dev, 'api', 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.DisableExecuteApiEndpoint ?? false).toBe(false);
    dev.templates.api.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(apiBehaviourAndOrigin(dev).origin.DomainName)).toMatch(/ApiEndpoint/);
  });
});

describe('stage configuration for the edge', () => {
  const cert = EXAMPLE_API_DOMAIN_CONTEXT.apiCertificateArn;

  it('refuses prod without the API domain, saying what to add', () => {
    expect(() => parseStageConfig({ stage: 'prod' })).toThrow(
      /apiDomainName: prod needs the API's own domain.*-c apiDomainName=api\.example\.com -c apiCertificateArn=/,
    );
    expect(parseStageConfig({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT })).toMatchObject({ ...EXAMPLE_API_DOMAIN_CONTEXT, region: 'us-east-1' });
  });

  it('lets dev run without one, and with one', () => {
    expect(parseStageConfig({ stage: 'dev' }).apiDomainName).toBeUndefined();
    expect(parseStageConfig({ stage: 'dev', apiDomainName: 'api-dev.example.com', apiCertificateArn: cert }).apiDomainName).toBe('api-dev.example.com');
  });

  it('wants the domain and its certificate together, the certificate in us-east-1, a host name', () => {
    expect(() => parseStageConfig({ stage: 'dev', apiDomainName: 'api.example.com' })).toThrow(/apiDomainName and apiCertificateArn go together/);
    expect(() => parseStageConfig({ stage: 'dev', apiCertificateArn: cert })).toThrow(/go together/);
    expect(() =>
      parseStageConfig({ stage: 'prod', apiDomainName: 'api.example.com', apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' }),
    ).toThrow(/apiCertificateArn: is a certificate in eu-west-1, but CloudFront and the API's domain only read certificates issued in us-east-1/);
    expect(() => parseStageConfig({ stage: 'prod', apiDomainName: 'https://api.example.com', apiCertificateArn: cert })).toThrow(/host name/);
  });

  it('refuses another region with the reason', () => {
    expect(() => parseStageConfig({ stage: 'dev', region: 'eu-west-1' })).toThrow(/region: every stack deploys to us-east-1/);
    expect(parseStageConfig({ stage: 'dev', region: 'us-east-1' }).region).toBe('us-east-1');
  });
});
