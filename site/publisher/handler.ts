import type { DynamoDBStreamEvent } from 'aws-lambda';
import { tableName } from '../../functions/lib/clients/dynamodb.ts';
import { logger } from '../../functions/lib/logger.ts';
import { siteStoreSettings, siteUrlSetting } from '../config.ts';
import { PRERENDERED_PAGES } from '../pages.ts';
import { pagesChangedBy, publishCrawlerFiles, publishPages } from './publish.ts';
import { bucketSiteStore, folderSiteStore, type SiteStore } from './store.ts';

/**
 * The site publisher: on AWS a function of the web stack (infra/site-publisher.ts) on the content
 * and operator settings tables' streams, and run once after each site deployment; locally the
 * same handler on the local runtime's stream pollers, and once at start (scripts/local/runtime.ts).
 * - a stream batch: re-renders the pages showing the changed texts, or naming the operator whose
 *   settings changed (./publish.ts);
 * - any other event (the deployment's trigger, the local start): every prerendered page, and
 *   robots.txt and sitemap.xml with the site's address (./publish.ts publishCrawlerFiles).
 * Where to: SITE_BUCKET + SITE_DISTRIBUTION_ID on AWS, SITE_DIR (from SITE_TEMPLATE_DIR's shell) locally.
 */
export function siteStoreFromEnv(env?: NodeJS.ProcessEnv): SiteStore {
  const { bucket, distributionId, dir, templateDir } = siteStoreSettings(env);
  if (bucket && distributionId) return bucketSiteStore(bucket, distributionId);
  if (dir && templateDir) return folderSiteStore(templateDir, dir);
  throw new Error('The site publisher needs SITE_BUCKET and SITE_DISTRIBUTION_ID (AWS) or SITE_DIR and SITE_TEMPLATE_DIR (local)');
}

export async function handler(event?: Partial<DynamoDBStreamEvent>): Promise<{ published: string[] }> {
  const store = siteStoreFromEnv();
  const siteUrl = siteUrlSetting() || undefined;
  const published = event?.Records
    ? await publishPages(store, pagesChangedBy(event as DynamoDBStreamEvent, tableName('operatorSettings')), siteUrl)
    : [...(await publishPages(store, PRERENDERED_PAGES, siteUrl)), ...(await publishCrawlerFiles(store, siteUrl))];
  if (published.length) logger.info('site pages published', { pages: published });
  return { published };
}
