import { randomUUID } from 'node:crypto';
import { DOWNLOAD_LINK_SECONDS } from '#shared/orders/documents.ts';
import { EXPORTS_PREFIX } from '#shared/staff/exports.ts';
import { throughSite } from '../documents/order/storage.ts';
import { documentsBucket, s3 } from '../lib/clients/s3.ts';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  getSignedUrl,
  PutObjectCommand,
  UploadPartCommand,
} from '../lib/clients/s3-sdk.ts';

/**
 * A CSV file written to the documents bucket as it is made (docs/decisions/0295-exports-streamed-to-the-bucket.md):
 * lines are gathered up to PART_BYTES and sent as one part of a multipart upload, so the
 * function holds at most one part in memory however many rows there are. A file smaller than a
 * part is one PutObject. Exports live under EXPORTS_PREFIX, which the bucket expires after a day,
 * and are handed out as a 5-minute link, an attachment, like the order documents.
 */
/** S3's smallest part (but the last). */
export const PART_BYTES = 5 * 1024 * 1024;

const CSV = 'text/csv; charset=utf-8';

export class CsvFile {
  readonly key: string;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private readonly parts: { PartNumber: number; ETag: string }[] = [];
  rows = 0;

  constructor(
    readonly fileName: string,
    header: string,
    private readonly partBytes = PART_BYTES,
  ) {
    this.key = `${EXPORTS_PREFIX}${new Date().toISOString().slice(0, 10)}/${randomUUID()}.csv`;
    // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names with accents).
    this.chunks.push(Buffer.from(`\uFEFF${header}`, 'utf8'));
    this.buffered = this.chunks[0].length;
  }

  async write(line: string): Promise<void> {
    const bytes = Buffer.from(line, 'utf8');
    this.chunks.push(bytes);
    this.buffered += bytes.length;
    this.rows++;
    if (this.buffered >= this.partBytes) await this.sendPart();
  }

  private async sendPart(): Promise<void> {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    if (!this.uploadId) {
      const created = await s3().send(
        new CreateMultipartUploadCommand({ Bucket: documentsBucket(), Key: this.key, ContentType: CSV, ServerSideEncryption: 'AES256' }),
      );
      this.uploadId = created.UploadId;
    }
    const PartNumber = this.parts.length + 1;
    const out = await s3().send(new UploadPartCommand({ Bucket: documentsBucket(), Key: this.key, UploadId: this.uploadId, PartNumber, Body: body }));
    this.parts.push({ PartNumber, ETag: out.ETag ?? '' });
  }

  /** Sends what is left and makes the file whole; on failure the upload is abandoned (the bucket also aborts stale ones). */
  async close(): Promise<void> {
    try {
      if (!this.uploadId) {
        await s3().send(
          new PutObjectCommand({
            Bucket: documentsBucket(),
            Key: this.key,
            Body: Buffer.concat(this.chunks),
            ContentType: CSV,
            ServerSideEncryption: 'AES256',
          }),
        );
        return;
      }
      if (this.buffered > 0) await this.sendPart();
      await s3().send(
        new CompleteMultipartUploadCommand({ Bucket: documentsBucket(), Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }),
      );
    } catch (err) {
      if (this.uploadId)
        await s3()
          .send(new AbortMultipartUploadCommand({ Bucket: documentsBucket(), Key: this.key, UploadId: this.uploadId }))
          .catch(() => undefined);
      throw err;
    }
  }

  /** A 5-minute link to the file, downloaded as an attachment under its name. */
  async link(): Promise<{ url: string; expiresAt: string }> {
    const url = await getSignedUrl(
      s3(),
      new GetObjectCommand({
        Bucket: documentsBucket(),
        Key: this.key,
        ResponseContentType: CSV,
        ResponseContentDisposition: `attachment; filename="${this.fileName}"`,
        ResponseCacheControl: 'no-store',
      }),
      { expiresIn: DOWNLOAD_LINK_SECONDS },
    );
    return { url: throughSite(url), expiresAt: new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000).toISOString() };
  }
}
