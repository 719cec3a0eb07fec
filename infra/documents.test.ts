import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../functions/routes.ts';
import { EXPORTS_PREFIX } from '../shared/staff/exports.ts';
import { addNagChecks } from './nag.ts';
import { DataStack, STAGED_UPLOADS_PREFIX } from './stacks/data-stack.ts';
import { DOCUMENTS_PATH, WebStack } from './stacks/web-stack.ts';
import { parseStageConfig } from './stage-config.ts';

/**
 * The documents' infrastructure (docs/decisions/0150-document-versions.md): a versioned bucket
 * that forgets unrecorded uploads, reached by browsers only through the site's `/documents/*`
 * behaviour, which passes the presigned query on to the bucket and adds nosniff.
 */
/**
 * The Data and Web stacks of a dev stage, synthesised on their own with the cdk-nag checks (the
 * Api stack is not needed for what this file checks; infra/product.test.ts covers the whole).
 */
let root: string;
let templates: { data: Template; web: Template };
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'creator-llc-documents-cdk-'));
  const site = join(root, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  // The web stack deploys the prerendered landing page and the app shell (both must exist).
  for (const page of ['index.html', 'app.html']) writeFileSync(join(site, page), '<!doctype html><title>test</title>');
  const app = new App({ outdir: join(root, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true } });
  const config = parseStageConfig({ stage: 'dev' });
  const env = { region: config.region };
  const data = new DataStack(app, 'DocsData', { config, env });
  const web = new WebStack(app, 'DocsWeb', { config, env, apiOriginDomain: 'api.example.com', originVerifySecretName: 'origin-verify', siteAssetsPath: site });
  addNagChecks(app);
  const assembly = app.synth();
  templates = {
    data: Template.fromJSON(assembly.getStackByName(data.stackName).template),
    web: Template.fromJSON(assembly.getStackByName(web.stackName).template),
  };
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Resource = { Properties: Record<string, any> };
const resources = (stack: 'data' | 'web', type: string) => Object.values(templates[stack].findResources(type)) as Resource[];

describe('documents bucket', () => {
  it('keeps every version and expires staged uploads after a day', () => {
    const bucket = resources('data', 'AWS::S3::Bucket').find((b) => JSON.stringify(b.Properties.BucketName ?? '').includes('documents'));
    expect(bucket?.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = bucket?.Properties.LifecycleConfiguration.Rules as Record<string, any>[];
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: STAGED_UPLOADS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }));
    // The staff's CSV exports of customers' data are kept a day.
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: EXPORTS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }));
    expect(rules).toContainEqual(expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 } }));
  });
});

describe('the /documents/* behaviour', () => {
  it('sends presigned requests to the bucket uncached, with nosniff and no framing', () => {
    const [distribution] = resources('web', 'AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;
    const behaviour = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === DOCUMENTS_PATH);
    expect(behaviour).toBeDefined();
    expect(behaviour?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(behaviour?.AllowedMethods).toContain('PUT');
    expect(behaviour?.ViewerProtocolPolicy).toBe('https-only');
    const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === behaviour?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toMatch(/creator-llc-dev-documents-.*\.s3\./);
    expect(origin?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');

    const policy = resources('web', 'AWS::CloudFront::ResponseHeadersPolicy').find((p) =>
      String(p.Properties.ResponseHeadersPolicyConfig.Comment).startsWith('Order documents'),
    );
    const security = policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toBe("default-src 'none'; sandbox");

    const requests = resources('web', 'AWS::CloudFront::OriginRequestPolicy').find((p) =>
      String(p.Properties.OriginRequestPolicyConfig.Comment).startsWith('Order documents'),
    );
    expect(requests?.Properties.OriginRequestPolicyConfig.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(requests?.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers).toEqual(['Content-Type']);
  });
});

describe('document routes', () => {
  it('generate with the fonts-sized memory and time, and only they (the download routes write a receipt when first asked, the CSV export, and the saved tax plan removes its old summary) write the bucket', () => {
    const routes = ROUTES as readonly RouteDef[];
    const writers = routes.filter((r) => r.bucket === 'write').map((r) => `${r.method} ${r.path}`);
    expect(writers.sort()).toEqual(
      [
        'PATCH /api/staff/applications/{id}',
        'POST /api/staff/applications/{id}/documents',
        'POST /api/staff/applications/{id}/uploads',
        'POST /api/staff/applications/{id}/uploads/{uploadId}/record',
        'POST /api/staff/applications/{id}/ein',
        // A piece of mail logged with its scan: the upload copied to its document key (docs/decisions/0421).
        'POST /api/staff/applications/{id}/mail',
        'POST /api/staff/sunbiz/{id}',
        // Bulk Start Processing generates each order's documents as the single move does.
        'POST /api/staff/bulk-actions',
        // The owner's CSV exports, under documents/exports/ (expired after a day).
        'POST /api/staff/exports',
        'GET /api/orders/{id}/documents/{documentId}',
        'GET /api/staff/applications/{id}/documents/{documentId}',
        // The Form W-9 values PDF, written the first time its values are asked for (docs/decisions/0426).
        'GET /api/orders/{id}/w9-values',
        // The customer's own CP261: its upload link and the record that copies it to its document key (docs/decisions/0436).
        'POST /api/orders/{id}/election/letter/uploads',
        'POST /api/orders/{id}/election/letter/uploads/{uploadId}/record',
        // Saving or removing the tax plan deletes the year-end summary written from the old one.
        'PUT /api/orders/{id}/tax-plan',
        'DELETE /api/orders/{id}/tax-plan',
      ].sort(),
    );
    for (const key of [
      'PATCH /api/staff/applications/{id}',
      'POST /api/staff/bulk-actions',
      'POST /api/staff/applications/{id}/documents',
      'POST /api/staff/sunbiz/{id}',
      'GET /api/orders/{id}/documents/{documentId}',
      'GET /api/staff/applications/{id}/documents/{documentId}',
    ]) {
      const route = routes.find((r) => `${r.method} ${r.path}` === key);
      expect(route).toMatchObject({ memoryMb: 1024, timeoutSeconds: 29 });
      expect(route?.tables).toMatchObject({ operatorSettings: 'read' });
    }
    const holder = routes.find((r) => r.path === '/api/orders/{id}/documents/{documentId}');
    expect(holder).toMatchObject({ access: 'public', bucket: 'write', tables: { applications: 'read', operatorSettings: 'read' } });
  });
});
