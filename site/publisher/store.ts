import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { s3 } from '../../functions/lib/clients/s3.ts';
import { GetObjectCommand, PutObjectCommand } from '../../functions/lib/clients/s3-sdk.ts';
import { cloudFrontEndpointSetting } from '../config.ts';
import { contentTypeOf, PAGE_CACHE_CONTROL } from '../content-types.ts';

/**
 * Where the site's pages live, for the publisher (./publish.ts): the site bucket behind
 * CloudFront on AWS, a folder the local server serves locally. The template (the built app
 * shell, app.html) is read from the same place the site was deployed to.
 */
export interface SiteStore {
  read(file: string): Promise<string>;
  write(file: string, html: string): Promise<void>;
  /** Tells the CDN the addresses changed (nothing to do locally). */
  invalidate(paths: readonly string[]): Promise<void>;
}

/** Locally: the template from the built site (frontend/dist), the pages into the folder the local server serves them from. */
export function folderSiteStore(templateDir: string, outDir: string): SiteStore {
  return {
    read: async (file) => readFileSync(join(templateDir, file), 'utf8'),
    write: async (file, html) => {
      const target = join(outDir, file);
      mkdirSync(dirname(target), { recursive: true });
      // Written beside, then renamed: a request never reads half a page.
      writeFileSync(`${target}.tmp`, html);
      renameSync(`${target}.tmp`, target);
    },
    invalidate: async () => {},
  };
}

/** On AWS: the site bucket, and a CloudFront invalidation of the addresses that changed. */
export function bucketSiteStore(bucket: string, distributionId: string, invalidate = cloudFrontInvalidation): SiteStore {
  return {
    read: async (file) => {
      const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: file }));
      return (await out.Body?.transformToString('utf8')) ?? '';
    },
    write: async (file, html) => {
      await s3().send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: file,
          Body: html,
          // What the publisher writes: the pages, robots.txt and sitemap.xml.
          ContentType: contentTypeOf(extname(file) || '.html'),
          CacheControl: PAGE_CACHE_CONTROL,
          ServerSideEncryption: 'AES256',
        }),
      );
    },
    invalidate: (paths) => invalidate(distributionId, paths),
  };
}

/**
 * CloudFront's CreateInvalidation (REST, 2020-05-31), signed with SigV4 with the function's own
 * credentials: the credentials and hash of the S3 client the function has anyway, so no second
 * SDK client is bundled for one call.
 */
export async function cloudFrontInvalidation(distributionId: string, paths: readonly string[]): Promise<void> {
  const { SignatureV4 } = await import('@smithy/signature-v4');
  const client = s3();
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Paths><Quantity>${paths.length}</Quantity><Items>${paths
    .map((p) => `<Path>${xml(p)}</Path>`)
    .join('')}</Items></Paths><CallerReference>${Date.now()}-${Math.random().toString(36).slice(2)}</CallerReference></InvalidationBatch>`;
  // The SDK's own convention for another endpoint (the deployed artifacts' smoke test uses it).
  const endpoint = new URL(cloudFrontEndpointSetting() ?? 'https://cloudfront.amazonaws.com');
  const path = `/2020-05-31/distribution/${encodeURIComponent(distributionId)}/invalidation`;
  const signer = new SignatureV4({ service: 'cloudfront', region: 'us-east-1', credentials: client.config.credentials, sha256: client.config.sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    path,
    headers: { host: endpoint.host, 'content-type': 'text/xml' },
    body,
  });
  const res = await fetch(new URL(path, endpoint), { method: 'POST', headers: signed.headers as Record<string, string>, body });
  if (res.status !== 201) throw new Error(`CloudFront invalidation of ${paths.join(', ')} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
}
