/**
 * The site unit's settings from the environment: the only module in site/ that reads
 * `process.env` (tests/env-reads.test.ts). Each is read when asked for, as set (no defaults here).
 */

/** Where the site publisher writes: SITE_BUCKET + SITE_DISTRIBUTION_ID on AWS, SITE_DIR + SITE_TEMPLATE_DIR locally. */
export function siteStoreSettings(env: NodeJS.ProcessEnv = process.env): {
  bucket?: string;
  distributionId?: string;
  dir?: string;
  templateDir?: string;
} {
  return { bucket: env.SITE_BUCKET, distributionId: env.SITE_DISTRIBUTION_ID, dir: env.SITE_DIR, templateDir: env.SITE_TEMPLATE_DIR };
}

/** The site's public address (SITE_URL), for robots.txt, the sitemap and canonical links. */
export function siteUrlSetting(): string | undefined {
  return process.env.SITE_URL;
}

/** Another CloudFront endpoint (AWS_ENDPOINT_URL_CLOUDFRONT, the SDK's own convention; the deployed artifacts' test sets it). */
export function cloudFrontEndpointSetting(): string | undefined {
  return process.env.AWS_ENDPOINT_URL_CLOUDFRONT;
}
