import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { contentItemId } from '../../functions/data/content.ts';
import { contentDraftId } from '../../functions/data/content-drafts.ts';
import { seedContentItem } from '../../functions/data/content-writes.ts';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { DeleteCommand, PutCommand, QueryCommand } from '../../functions/lib/clients/dynamodb-sdk.ts';
import { documentsBucket, s3 } from '../../functions/lib/clients/s3.ts';
import { GetObjectCommand, PutObjectCommand } from '../../functions/lib/clients/s3-sdk.ts';
import { BUILT_SHELL } from '../../tests/fakes/site-shell.ts';
import { PAGE_CACHE_CONTROL } from '../content-types.ts';
import { APP_SHELL_FILE, PRERENDERED_PAGES, pagesNamingOperator, pagesShowing } from '../pages.ts';
import { handler } from './handler.ts';
import { pagesChangedBy, publishCrawlerFiles, publishPages } from './publish.ts';
import { bucketSiteStore, folderSiteStore } from './store.ts';

/**
 * Publishing a site text re-renders the prerendered pages that show it, with every published
 * text, where the site is served: a folder locally, the site bucket (and a CloudFront
 * invalidation) on AWS. The texts come from the content table (DynamoDB Local here).
 */

let dirs: { template: string; out: string };
beforeEach(async () => {
  dirs = { template: mkdtempSync(join(tmpdir(), 'site-template-')), out: mkdtempSync(join(tmpdir(), 'site-out-')) };
  writeFileSync(join(dirs.template, APP_SHELL_FILE), BUILT_SHELL);
  // Each case starts from the built-in texts.
  const items = await ddb().send(
    new QueryCommand({
      TableName: tableName('content'),
      IndexName: 'byFeed',
      KeyConditionExpression: 'feed = :f',
      ExpressionAttributeValues: { ':f': 'CONTENT' },
    }),
  );
  for (const i of items.Items ?? []) await ddb().send(new DeleteCommand({ TableName: tableName('content'), Key: { id: i.id } }));
});
afterEach(async () => {
  await ddb().send(new DeleteCommand({ TableName: tableName('operatorSettings'), Key: { id: 'OPERATOR' } }));
  rmSync(dirs.template, { recursive: true, force: true });
  rmSync(dirs.out, { recursive: true, force: true });
});

/** The stream a table's records come from, as Lambda (and the local poller) names it on each record. */
const streamOf = (table: string) => `arn:aws:dynamodb:us-east-1:000000000000:table/${table}/stream/2026-11-27T00:00:00.000`;

const streamEvent = (records: { eventName: 'INSERT' | 'MODIFY' | 'REMOVE'; page?: string; id?: string }[]) =>
  ({
    Records: records.map((r, i) => ({
      eventName: r.eventName,
      eventSourceARN: streamOf(tableName('content')),
      dynamodb: { Keys: { id: { S: r.id ?? `c_${i}` } }, ...(r.page ? { NewImage: { page: { S: r.page }, section: { S: 'hero.title' } } } : {}) },
    })),
  }) as unknown as DynamoDBStreamEvent;

/** A save of the operator's settings, as the operator settings table's stream carries it. */
const operatorSettingsSaved = () =>
  ({
    Records: [
      {
        eventName: 'MODIFY',
        eventSourceARN: streamOf(tableName('operatorSettings')),
        dynamodb: { Keys: { id: { S: 'OPERATOR' } }, NewImage: { id: { S: 'OPERATOR' }, version: { N: '2' } } },
      },
    ],
  }) as unknown as DynamoDBStreamEvent;

/** The pages that name the operator: the landing and pricing pages (its registered-agent offices decide their promise) and the legal pages. */
const OPERATOR_PATHS = ['/', '/pricing', '/terms', '/privacy', '/refund-policy'];

describe('pagesChangedBy', () => {
  it('re-renders the pages that show the changed texts, every page when a text was removed', () => {
    const changed = (event: DynamoDBStreamEvent) => pagesChangedBy(event, tableName('operatorSettings'));
    expect(changed(streamEvent([{ eventName: 'MODIFY', page: 'pricing' }])).map((p) => p.path)).toEqual(['/pricing']);
    expect(changed(streamEvent([{ eventName: 'INSERT', page: 'landing' }])).map((p) => p.path)).toEqual(['/']);
    // Every page with the footer (the staff sign-in's frame has none).
    expect(changed(streamEvent([{ eventName: 'MODIFY', page: 'footer' }])).map((p) => p.path)).toEqual(
      PRERENDERED_PAGES.filter((p) => p.path !== '/staff/login').map((p) => p.path),
    );
    expect(changed(streamEvent([{ eventName: 'MODIFY', page: 'wizard' }])).map((p) => p.path)).toEqual(['/wizard/1', '/wizard/2', '/wizard/3', '/wizard/4']);
    expect(changed(streamEvent([{ eventName: 'MODIFY', page: 'success' }]))).toEqual([]);
    expect(changed(streamEvent([{ eventName: 'REMOVE' }]))).toEqual([...PRERENDERED_PAGES]);
  });

  it('a draft of a text (saved, rejected, deleted when approved) re-renders nothing: only its approval does', () => {
    const changed = (event: DynamoDBStreamEvent) => pagesChangedBy(event, tableName('operatorSettings'));
    const draft = contentDraftId('pricing', 'hero.title');
    expect(changed(streamEvent([{ eventName: 'INSERT', page: 'pricing', id: draft }]))).toEqual([]);
    expect(changed(streamEvent([{ eventName: 'MODIFY', page: 'footer', id: draft }]))).toEqual([]);
    expect(changed(streamEvent([{ eventName: 'REMOVE', id: draft }]))).toEqual([]);
    // The approval's transaction: the draft's removal and the published item's write.
    const approval = streamEvent([
      { eventName: 'REMOVE', id: draft },
      { eventName: 'MODIFY', page: 'pricing', id: contentItemId('pricing', 'hero.title') },
    ]);
    expect(changed(approval).map((p) => p.path)).toEqual(['/pricing']);
  });

  it('re-renders the pages that name the operator when its settings are saved, and only those', () => {
    const changed = pagesChangedBy(operatorSettingsSaved(), tableName('operatorSettings'));
    expect(changed.map((p) => p.path)).toEqual(OPERATOR_PATHS);
    expect(changed).toEqual(pagesNamingOperator());
  });
});

describe('publishPages', () => {
  it('writes the page with the published text in its HTML and the data it hydrates with', async () => {
    await seedContentItem({ page: 'landing', section: 'hero.title', content: 'Published <hero> & "title"', contentType: 'text' });
    const published = await publishPages(folderSiteStore(dirs.template, dirs.out), pagesShowing('landing'), 'https://creator.example');
    expect(published).toEqual(['/']);
    expect(readdirSync(dirs.out)).toEqual(['index.html']);
    const html = readFileSync(join(dirs.out, 'index.html'), 'utf8');
    expect(html).toContain('Published &lt;hero&gt; &amp; &quot;title&quot;');
    expect(html).toContain('<link rel="canonical" href="https://creator.example/" />');
    expect(html).toContain('<meta property="og:url" content="https://creator.example/" />');
    expect(html).toMatch(/<title>CreatorLLC: Form your LLC as a content creator<\/title>/);
    // The item is carried for hydration, its "<" escaped so no text can end the script element.
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data).texts.items).toEqual([expect.objectContaining({ section: 'hero.title', content: 'Published <hero> & "title"' })]);
    expect(JSON.parse(data).texts.pages).toEqual(['landing', 'footer']);
    // The shell's own scripts and nothing React would have to run to show the page.
    expect(html.match(/<script async type="module"/g)).toHaveLength(1);
  });

  it('the handler publishes every page where the local server reads them', async () => {
    const saved = { SITE_DIR: process.env.SITE_DIR, SITE_TEMPLATE_DIR: process.env.SITE_TEMPLATE_DIR, SITE_URL: process.env.SITE_URL };
    Object.assign(process.env, { SITE_DIR: dirs.out, SITE_TEMPLATE_DIR: dirs.template, SITE_URL: 'https://creator.example' });
    try {
      expect((await handler({})).published).toEqual([...PRERENDERED_PAGES.map((p) => p.path), '/robots.txt', '/sitemap.xml']);
      expect(readdirSync(dirs.out).sort()).toEqual([
        '404.html',
        'checkout.html',
        'index.html',
        'order.html',
        'pricing.html',
        'privacy.html',
        'refund-policy.html',
        'robots.txt',
        'sitemap.xml',
        'staff-login.html',
        'terms.html',
        'wizard-2.html',
        'wizard-3.html',
        'wizard-4.html',
        'wizard.html',
      ]);
      // Every run over all pages writes the crawler files with the stage's address.
      expect(readFileSync(join(dirs.out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://creator.example/sitemap.xml');
      expect(readFileSync(join(dirs.out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://creator.example/pricing</loc>');
      expect(readFileSync(join(dirs.out, '404.html'), 'utf8')).toContain('<meta name="robots" content="noindex" />');
      expect((await handler(streamEvent([{ eventName: 'MODIFY', page: 'wizard' }]))).published).toEqual(['/wizard/1', '/wizard/2', '/wizard/3', '/wizard/4']);
      expect((await handler(streamEvent([{ eventName: 'MODIFY', page: 'success' }]))).published).toEqual([]);
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it('re-renders the legal pages on a save of the operator settings, naming the operator in the HTML and its data', async () => {
    const saved = { SITE_DIR: process.env.SITE_DIR, SITE_TEMPLATE_DIR: process.env.SITE_TEMPLATE_DIR };
    Object.assign(process.env, { SITE_DIR: dirs.out, SITE_TEMPLATE_DIR: dirs.template });
    try {
      await handler(streamEvent([{ eventName: 'MODIFY', page: 'footer' }]));
      const before = readFileSync(join(dirs.out, 'terms.html'), 'utf8');
      expect(before).not.toContain('Creator Filings LLC');
      await ddb().send(
        new PutCommand({
          TableName: tableName('operatorSettings'),
          Item: {
            id: 'OPERATOR',
            ...EMPTY_OPERATOR_SETTINGS,
            legalName: 'Creator Filings LLC',
            address: { line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
            registeredAgentRenewalUsd: 99,
            version: 2,
          },
        }),
      );
      expect((await handler(operatorSettingsSaved())).published).toEqual(OPERATOR_PATHS);
      expect(readdirSync(dirs.out).sort()).toEqual(expect.arrayContaining(['terms.html', 'privacy.html', 'refund-policy.html']));
      const terms = readFileSync(join(dirs.out, 'terms.html'), 'utf8');
      // The first paint says who "we" are: the HTML itself, not a generic sentence swapped after hydration.
      expect(terms).toMatch(
        /data-testid="operator-identity">CreatorLLC is run by <strong>Creator Filings LLC<\/strong>, (<!-- -->)?100 Biscayne Blvd, Miami, FL 33132/,
      );
      expect(terms).toMatch(/data-testid="renewal-price">\$99</);
      expect(terms).toContain('governed by the laws of Florida');
      expect(readFileSync(join(dirs.out, 'privacy.html'), 'utf8')).toContain('Creator Filings LLC');
      // The browser hydrates with the same settings, so it neither fetches them nor changes a word.
      const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(terms)?.[1] ?? '{}');
      expect(data.gets['/api/operator-settings']).toMatchObject({ legalName: 'Creator Filings LLC', version: 2 });
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });

  it('on AWS: writes the pages into the bucket, revalidated on every visit, and invalidates their addresses', async () => {
    const bucket = documentsBucket();
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: APP_SHELL_FILE, Body: BUILT_SHELL, ContentType: 'text/html' }));
    await seedContentItem({ page: 'pricing', section: 'hero.title', content: 'Prices, published', contentType: 'text' });
    const invalidated: { distribution: string; paths: readonly string[] }[] = [];
    const store = bucketSiteStore(bucket, 'E123DIST', async (distribution, paths) => {
      invalidated.push({ distribution, paths });
    });
    await publishPages(store, pagesShowing('pricing'), 'https://creator.example');
    const page = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: 'pricing.html' }));
    expect(page.CacheControl).toBe(PAGE_CACHE_CONTROL);
    expect(page.ContentType).toBe('text/html; charset=utf-8');
    expect(await page.Body?.transformToString()).toContain('Prices, published');
    expect(invalidated).toEqual([{ distribution: 'E123DIST', paths: ['/pricing', '/pricing.html'] }]);
  });

  it("on AWS: the order page's frame, one file for every order, invalidates every order's address", async () => {
    const bucket = documentsBucket();
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: APP_SHELL_FILE, Body: BUILT_SHELL, ContentType: 'text/html' }));
    const invalidated: (readonly string[])[] = [];
    const store = bucketSiteStore(bucket, 'E123DIST', async (_distribution, paths) => {
      invalidated.push(paths);
    });
    const frame = PRERENDERED_PAGES.filter((p) => p.file === 'order.html');
    expect(await publishPages(store, frame, 'https://creator.example')).toEqual(['/orders/:id']);
    expect(invalidated).toEqual([['/orders/*', '/order.html']]);
  });

  it('on AWS: robots.txt and sitemap.xml go into the bucket with their own content types', async () => {
    const bucket = documentsBucket();
    const invalidated: (readonly string[])[] = [];
    const store = bucketSiteStore(bucket, 'E123DIST', async (_distribution, paths) => {
      invalidated.push(paths);
    });
    expect(await publishCrawlerFiles(store, 'https://creator.example')).toEqual(['/robots.txt', '/sitemap.xml']);
    const robots = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: 'robots.txt' }));
    expect(robots.ContentType).toBe('text/plain; charset=utf-8');
    const sitemap = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: 'sitemap.xml' }));
    expect(sitemap.ContentType).toBe('application/xml; charset=utf-8');
    expect(await sitemap.Body?.transformToString()).toContain('<loc>https://creator.example/</loc>');
    expect(invalidated).toEqual([['/robots.txt', '/sitemap.xml']]);
  });
});
