import type { DynamoDBStreamEvent } from 'aws-lambda';
import { STATE_PRICING } from '#shared/states.ts';
import { listContentItems } from '../../functions/data/content.ts';
import { isDraftId } from '../../functions/data/content-drafts.ts';
import { getOperatorSettings } from '../../functions/data/operator-settings.ts';
import { APP_SHELL_FILE, invalidationPath, PRERENDERED_PAGES, type PrerenderedPage, pagesNamingOperator, pagesShowing } from '../pages.ts';
import { renderPages } from '../render-page.tsx';
import { crawlerFiles } from '../sitemap.ts';
import type { SiteStore } from './store.ts';

/**
 * Publishing a site text: the prerendered pages that show it (site/pages.ts) rendered
 * again with every published text (site/render-page.tsx, the build's own
 * renderer) and written where the site is served, then the CDN told. The same code runs on AWS
 * (the site publisher function, on the content table's stream) and locally (the local runtime's
 * stream poller), so what staff publish reaches the pages' HTML: a visitor sees the new text in
 * the first paint, with or without JavaScript, and no old text first. The pages that name the
 * operator are rendered with its settings as saved (docs/decisions/0392).
 */
export async function publishPages(store: SiteStore, pages: readonly PrerenderedPage[], siteUrl: string | undefined): Promise<string[]> {
  if (!pages.length) return [];
  const template = await store.read(APP_SHELL_FILE);
  const operator = pages.some((p) => p.carriesOperator) ? await getOperatorSettings() : undefined;
  const rendered = await renderPages(template, { contentItems: await listContentItems(), states: STATE_PRICING, operator, siteUrl }, pages);
  for (const r of rendered) await store.write(r.page.file, r.html);
  // The address and the file it is stored as (the CDN caches what its rewrite asked the origin for).
  const paths = rendered.flatMap((r) => [invalidationPath(r.page), `/${r.page.file}`]);
  await store.invalidate([...new Set(paths)]);
  return rendered.map((r) => r.page.path);
}

/**
 * robots.txt and sitemap.xml with the site's address (site/sitemap.ts): written with every page
 * (the deployment's run, the local start), when the address the stage was given is known.
 */
export async function publishCrawlerFiles(store: SiteStore, siteUrl: string | undefined): Promise<string[]> {
  const files = crawlerFiles(siteUrl);
  for (const { file, body } of files) await store.write(file, body);
  await store.invalidate(files.map((f) => `/${f.file}`));
  return files.map((f) => `/${f.file}`);
}

/**
 * The pages a batch of stream records touches. The operator settings table's records (told apart
 * by the stream they come from): the pages that name the operator. The content table's: those
 * showing the changed items' site-text page; a removed item's record carries only its key (the
 * stream holds new images), so a removal re-renders every prerendered page. A draft's records
 * (saved, rejected, deleted on approval) change nothing the public sees, and are skipped.
 */
export function pagesChangedBy(event: DynamoDBStreamEvent, operatorTable: string): PrerenderedPage[] {
  const pages = new Set<PrerenderedPage>();
  for (const record of event.Records ?? []) {
    if (isFromTable(record.eventSourceARN, operatorTable)) {
      for (const p of pagesNamingOperator()) pages.add(p);
      continue;
    }
    // A draft is not published (docs/decisions/0412): its writes change no page.
    if (isDraftId(record.dynamodb?.Keys?.id?.S)) continue;
    const page = record.dynamodb?.NewImage?.page?.S;
    for (const p of page ? pagesShowing(page) : PRERENDERED_PAGES) pages.add(p);
  }
  return PRERENDERED_PAGES.filter((p) => pages.has(p));
}

/** Whether a stream record's source (arn:...:table/<name>/stream/<label>) is the table `name`. */
const isFromTable = (sourceArn: string | undefined, name: string) => Boolean(sourceArn?.includes(`:table/${name}/stream/`));
