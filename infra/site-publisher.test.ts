import { GlobIgnoreStrategy } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../site/app-routes.ts';
import { APP_SHELL_FILE, PRERENDERED_PAGES, siteFileFor } from '../site/pages.ts';
import { brotliCopyOf } from '../site/precompressed.ts';
import { SITE_PUBLISHER_SOURCE } from './site-publisher.ts';
import { HASHED_ASSET_DEPLOYMENTS } from './stacks/web-stack.ts';
import { type SynthesisedProduct, synthProduct, type TemplateResource } from './test-support.ts';
import { NOT_FOUND_STATUS_FUNCTION, siteRewriteFunction } from './web-security.ts';

/**
 * The site on AWS: CloudFront answers each address with the file the local server answers it
 * with, and publishing a site text reaches the prerendered pages through the site publisher,
 * which may touch nothing but the content table, the pages and this distribution's cache.
 */
let product: SynthesisedProduct;
beforeAll(() => {
  product = synthProduct({ stage: 'dev' });
}, 300_000);
afterAll(() => product?.cleanup());

const resources = (type: string) =>
  Object.entries(product.templates.web.toJSON().Resources as Record<string, TemplateResource>).filter(([, r]) => r.Type === type);

function publisher() {
  const found = resources('AWS::Lambda::Function').find(([, r]) => String(r.Properties.Description ?? '').startsWith('Site publisher'));
  if (!found) throw new Error('no site publisher function in the web stack');
  return found;
}

describe('CloudFront functions', () => {
  const rewrite = new Function(`${siteRewriteFunction()}; return handler;`)() as (e: {
    request: { uri: string; headers?: Record<string, { value: string }> };
  }) => { uri: string };
  const status = new Function(`${NOT_FOUND_STATUS_FUNCTION}; return handler;`)() as (e: unknown) => { statusCode: number };

  it.each([
    '/',
    '/pricing',
    '/pricing/',
    '/wizard',
    '/wizard/2',
    '/wizard/3',
    '/wizard/4/',
    '/checkout',
    '/orders/abc-123',
    '/orders/abc-123/',
    '/orders/abc-123/extra',
    '/staff/orders/abc-123/details',
    '/terms',
    '/refund-policy/',
    '/staff',
    '/staff/login',
    '/nope',
    '/wizard/1/extra',
    '/content-editor',
  ])('%s gets the same file as from the local server', (path) => {
    expect(rewrite({ request: { uri: path } }).uri).toBe(`/${siteFileFor(path, APP_ROUTES).file}`);
  });

  it("answers every order's address with the order page's frame, and nothing else with it", () => {
    expect(rewrite({ request: { uri: '/orders/abc-123' } }).uri).toBe('/order.html');
    expect(rewrite({ request: { uri: '/orders/abc-123/extra' } }).uri).toBe('/404.html');
    expect(rewrite({ request: { uri: '/staff/orders/abc-123/details' } }).uri).toBe(`/${APP_SHELL_FILE}`);
  });

  it("answers the wizard's later steps and the staff sign-in with their own frames (docs/decisions/0416)", () => {
    expect(rewrite({ request: { uri: '/wizard/2' } }).uri).toBe('/wizard-2.html');
    expect(rewrite({ request: { uri: '/wizard/3/' } }).uri).toBe('/wizard-3.html');
    expect(rewrite({ request: { uri: '/wizard/4' } }).uri).toBe('/wizard-4.html');
    expect(rewrite({ request: { uri: '/staff/login' } }).uri).toBe('/staff-login.html');
    expect(rewrite({ request: { uri: '/wizard/5' } }).uri).toBe(`/${APP_SHELL_FILE}`);
  });

  it('leaves files alone and answers the not-found page with a 404', () => {
    expect(rewrite({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
    expect(rewrite({ request: { uri: '/favicon.svg' } }).uri).toBe('/favicon.svg');
    expect(status({ request: { uri: '/404.html' }, response: { statusCode: 200 } }).statusCode).toBe(404);
    expect(status({ request: { uri: '/index.html' }, response: { statusCode: 200 } }).statusCode).toBe(200);
  });

  it.each([
    ['/assets/app-abc123.js', 'gzip, deflate, br, zstd'],
    ['/assets/index-abc123.css', 'br'],
    ['/assets/app-abc123.js', 'gzip, deflate'],
    ['/assets/app-abc123.js', 'gzip, br;q=0'],
    ['/assets/logo-abc123.svg', 'gzip, br'],
    ['/favicon.svg', 'gzip, br'],
    ['/orders/abc-123', 'gzip, br'],
    ['/pricing', 'gzip, br'],
  ])('%s with Accept-Encoding %j gets the file the local server sends (the Brotli copy where it has one)', (uri, encodings) => {
    const local = brotliCopyOf(uri, encodings) ?? (uri.split('/').pop()?.includes('.') ? uri : `/${siteFileFor(uri, APP_ROUTES).file}`);
    expect(rewrite({ request: { uri, headers: { 'accept-encoding': { value: encodings } } } }).uri).toBe(local);
  });

  it('stores the Brotli copies apart, with their encoding and the type of the file they copy', () => {
    const files = ['app-abc.js', 'app-abc.js.br', 'index-abc.css', 'index-abc.css.br', 'logo-abc.svg'];
    const deployed = Object.fromEntries(
      HASHED_ASSET_DEPLOYMENTS.map(({ id, exclude }) => {
        const ignore = new GlobIgnoreStrategy('/site/assets', exclude);
        return [id, files.filter((f) => !ignore.ignores(`/site/assets/${f}`))];
      }),
    );
    expect(deployed).toEqual({
      DeployHashedAssets: ['app-abc.js', 'index-abc.css', 'logo-abc.svg'],
      DeployBrotliScripts: ['app-abc.js.br'],
      DeployBrotliStylesheets: ['index-abc.css.br'],
    });
    const metadata = resources('Custom::CDKBucketDeployment').map(([, r]) => r.Properties.SystemMetadata as Record<string, string>);
    const immutable = 'public, max-age=31536000, immutable';
    expect(metadata).toContainEqual({ 'cache-control': immutable });
    expect(metadata).toContainEqual({ 'cache-control': immutable, 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8' });
    expect(metadata).toContainEqual({ 'cache-control': immutable, 'content-encoding': 'br', 'content-type': 'text/css; charset=utf-8' });
  });

  it('runs on every viewer request and response of the site behaviour', () => {
    const [, distribution] = resources('AWS::CloudFront::Distribution')[0];
    const associations = distribution.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations as { EventType: string }[];
    expect(associations.map((a) => a.EventType).sort()).toEqual(['viewer-request', 'viewer-response']);
    const codes = resources('AWS::CloudFront::Function').map(([, f]) => String(f.Properties.FunctionCode));
    expect(codes).toContain(siteRewriteFunction());
    expect(codes).toContain(NOT_FOUND_STATUS_FUNCTION);
  });
});

describe('site publisher', () => {
  it("runs on the content and operator settings tables' streams and after each site deployment", () => {
    const [logicalId] = publisher();
    const mappings = resources('AWS::Lambda::EventSourceMapping').map(([, m]) => m);
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionName).toEqual({ Ref: logicalId });
      expect(mapping.Properties.MaximumRetryAttempts).toBe(SITE_PUBLISHER_SOURCE.retryAttempts);
      expect(mapping.Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    }
    // The data stack's streams, imported: a text published, or the operator's settings saved.
    const sources = mappings.map((m) => JSON.stringify(m.Properties.EventSourceArn));
    expect(sources.some((s) => s.includes('ContentTable'))).toBe(true);
    expect(sources.some((s) => s.includes('OperatorSettingsTable'))).toBe(true);
    const [, trigger] = resources('Custom::Trigger')[0];
    // Its current version: a new site build (SITE_BUILD) or new code makes a new version, and it runs again.
    expect(JSON.stringify(trigger.Properties.HandlerArn)).toContain('SitePublisherFunctionCurrentVersion');
    const shell = resources('Custom::CDKBucketDeployment').find(([id]) => id.startsWith('DeploySiteShell'));
    expect(trigger.DependsOn?.some((d) => d.startsWith('DeploySiteShell'))).toBe(true);
    expect(shell).toBeDefined();
  });

  it('is told where the pages go: the site bucket, the distribution and the public address', () => {
    const [, fn] = publisher();
    const env = fn.Properties.Environment.Variables as Record<string, unknown>;
    const bucket = resources('AWS::S3::Bucket').find(([id]) => id.startsWith('SiteBucket'))?.[0];
    const distribution = resources('AWS::CloudFront::Distribution')[0][0];
    expect(env.SITE_BUCKET).toEqual({ Ref: bucket });
    expect(env.SITE_DISTRIBUTION_ID).toEqual({ Ref: distribution });
    expect(JSON.stringify(env.SITE_URL)).toContain(distribution);
    expect(fn.Properties.Handler).toBe('index.handler');
  });

  it('may read the content and operator settings tables and app.html, write the .html pages and invalidate this distribution: nothing else', () => {
    const [logicalId, fn] = publisher();
    const role = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = resources('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const text = JSON.stringify(statements);
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions).toContain('cloudfront:CreateInvalidation');
    expect(actions.filter((a) => a.startsWith('dynamodb:') && /Put|Update|Delete|Write/.test(a))).toEqual([]);
    expect(text).toContain('creator-llc-dev-content');
    expect(text).toContain('creator-llc-dev-operatorSettings');
    expect(text).not.toMatch(/creator-llc-dev-(applications|staff|audit|sessions)/);
    const s3Writes = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:Put')));
    expect(JSON.stringify(s3Writes)).toContain('/*.html');
    expect(text).toContain(`/${APP_SHELL_FILE}`);
    const invalidation = statements.find((s) => [s.Action].flat().includes('cloudfront:CreateInvalidation'));
    expect(JSON.stringify(invalidation?.Resource)).toContain(resources('AWS::CloudFront::Distribution')[0][0]);
    expect(logicalId).toBeTruthy();
  });

  it('publishes every prerendered page', () => {
    expect(PRERENDERED_PAGES.map((p) => p.file).sort()).toEqual([
      '404.html',
      'checkout.html',
      'index.html',
      'order.html',
      'pricing.html',
      'privacy.html',
      'refund-policy.html',
      'staff-login.html',
      'terms.html',
      'wizard-2.html',
      'wizard-3.html',
      'wizard-4.html',
      'wizard.html',
    ]);
  });
});
