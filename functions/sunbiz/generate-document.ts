import { sunbizUnavailableReason } from '#shared/application-status.ts';
import { toStaffApplication } from '../data/applications/item.ts';
import { getApplication, recordSunbizDocument } from '../data/applications/store.ts';
import { documentsBucket, s3 } from '../lib/clients/s3.ts';
import { GetObjectCommand, getSignedUrl, PutObjectCommand } from '../lib/clients/s3-sdk.ts';
import { ConflictError } from '../lib/errors.ts';
import { articlesDataFor, buildArticlesPdf } from './articles-of-organization.ts';

/** Presigned download links live 15 minutes. */
const SUNBIZ_URL_TTL_SECONDS = 15 * 60;

/**
 * Builds the Sunbiz Articles of Organization PDF for a Florida application, stores it under
 * applications/{id}/, records it on the application and returns a presigned download URL.
 * 409 sunbiz_not_applicable for an application Sunbiz does not file (another state, wrong status).
 */
export async function generateSunbizDocument(id: string): Promise<{ url: string; key: string }> {
  const app = await getApplication(id);
  const reason = sunbizUnavailableReason(app);
  if (reason) throw new ConflictError(reason, 'sunbiz_not_applicable');
  const pdf = await buildArticlesPdf(articlesDataFor(toStaffApplication(app)));
  const key = `applications/${id}/sunbiz-articles-of-organization-${Date.now()}.pdf`;
  await s3().send(
    new PutObjectCommand({
      Bucket: documentsBucket(),
      Key: key,
      Body: pdf,
      ContentType: 'application/pdf',
      ServerSideEncryption: 'AES256',
    }),
  );
  await recordSunbizDocument(app, key);
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: documentsBucket(),
      Key: key,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: `attachment; filename="sunbiz-articles-${id.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40)}.pdf"`,
    }),
    { expiresIn: SUNBIZ_URL_TTL_SECONDS },
  );
  return { url, key };
}
