import type { DocumentLink } from '#shared/orders/documents.schema.ts';
import { DOWNLOAD_LINK_SECONDS, UPLOAD_LINK_SECONDS } from '#shared/orders/documents.ts';
import { documentsBucket, s3 } from '../../lib/clients/s3.ts';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  getSignedUrl,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
} from '../../lib/clients/s3-sdk.ts';
import { config } from '../../lib/config.ts';

/**
 * The order documents in the documents bucket (docs/decisions/0150-document-versions.md). Every
 * recorded version is its own object, never overwritten (the bucket is also versioned on AWS):
 *
 *   documents/orders/{applicationId}/{documentId}.pdf   a recorded document, generated or uploaded
 *   documents/uploads/{applicationId}/{uploadId}.pdf    a staff upload until it is checked; the
 *                                                        bucket expires these after a day
 *
 * Browsers reach objects only through short-lived presigned links under `/documents/` of the
 * site: CloudFront's `/documents/*` behaviour on AWS, the local runtime's proxy locally, both
 * adding `X-Content-Type-Options: nosniff`. A download always answers `application/pdf` as an
 * attachment, whatever was uploaded.
 */

const PDF = 'application/pdf';

export const orderDocumentKey = (applicationId: string, documentId: string) => `documents/orders/${applicationId}/${documentId}.pdf`;
export const uploadKey = (applicationId: string, uploadId: string) => `documents/uploads/${applicationId}/${uploadId}.pdf`;

/** An ASCII file name for Content-Disposition (the generators already make one; uploads are named by us). */
export const safeFileName = (name: string) =>
  `${
    name
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 100) || 'document'
  }.pdf`;

const attachment = (fileName: string) => `attachment; filename="${safeFileName(fileName)}"`;

/**
 * The link a browser follows: the presigned URL moved under the site's `/documents/` path when a
 * links origin is configured (DOCUMENT_LINKS_ORIGIN, else SITE_URL on AWS). The signature still
 * holds: CloudFront (and the local proxy) send the request on to the store's own host.
 */
export function throughSite(presigned: string): string {
  const cfg = config();
  const origin = cfg.DOCUMENT_LINKS_ORIGIN ?? (cfg.DEPLOYMENT === 'aws' ? cfg.SITE_URL : undefined);
  if (!origin) return presigned;
  const url = new URL(presigned);
  // Path-style URLs (the local store) carry the bucket first; virtual-hosted ones (AWS) do not.
  const bucketPath = `/${documentsBucket()}/`;
  const path = url.pathname.startsWith(bucketPath) ? url.pathname.slice(bucketPath.length - 1) : url.pathname;
  return `${origin.replace(/\/+$/, '')}${path}${url.search}`;
}

const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Stores a generated PDF under its own key. */
export async function putDocument(key: string, bytes: Uint8Array, fileName: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: documentsBucket(),
      Key: key,
      Body: bytes,
      ContentType: PDF,
      ContentDisposition: attachment(fileName),
      ServerSideEncryption: 'AES256',
    }),
  );
}

/** A presigned GET of `key`, valid `seconds`: always a PDF attachment, never cached. */
export async function downloadLink(key: string, fileName: string, seconds = DOWNLOAD_LINK_SECONDS): Promise<DocumentLink> {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: documentsBucket(),
      Key: key,
      ResponseContentType: PDF,
      ResponseContentDisposition: attachment(fileName),
      ResponseCacheControl: 'no-store',
    }),
    { expiresIn: seconds },
  );
  return { url: throughSite(url), expiresAt: expiry(seconds) };
}

/**
 * A presigned PUT of `key` for a file of `size` bytes: the Content-Type and the Content-Length are
 * part of the signature, so S3 accepts only `application/pdf` of exactly the size declared (which
 * the request's schema bounds). A browser sets Content-Length itself from the file it sends.
 */
export async function uploadLink(
  key: string,
  size: number,
  seconds = UPLOAD_LINK_SECONDS,
): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }> {
  const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: documentsBucket(), Key: key, ContentType: PDF, ContentLength: size }), {
    expiresIn: seconds,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url: throughSite(url), headers: { 'content-type': PDF }, expiresAt: expiry(seconds) };
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/** The object's size in bytes, or undefined when there is none. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: documentsBucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** The object's first `n` bytes. */
export async function firstBytes(key: string, n: number): Promise<Uint8Array> {
  const out = await s3().send(new GetObjectCommand({ Bucket: documentsBucket(), Key: key, Range: `bytes=0-${n - 1}` }));
  const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, n);
}

/** Copies an upload to its final key, as a PDF attachment whatever the upload said. */
export async function copyToDocument(from: string, to: string, fileName: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: documentsBucket(),
      Key: to,
      CopySource: `${documentsBucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: PDF,
      ContentDisposition: attachment(fileName),
      ServerSideEncryption: 'AES256',
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: documentsBucket(), Key: key }));
}
