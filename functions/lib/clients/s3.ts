import { config } from '../config.ts';
import { S3Client } from './s3-sdk.ts';
import { storeClientLimits, unavailableWhenUnreachable } from './store-limits.ts';

let client: S3Client | undefined;

/** The one S3 client of the process; locally it talks to the embedded S3-compatible store. */
export function s3(): S3Client {
  if (client) return client;
  const cfg = config();
  client = new S3Client({
    region: cfg.AWS_REGION,
    // Checksums only where S3 requires them: a presigned upload URL would otherwise carry the
    // checksum of an empty body, and every real upload through it would fail.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...storeClientLimits(cfg.STORE_REQUEST_TIMEOUT_MS),
    ...(cfg.S3_ENDPOINT
      ? {
          endpoint: cfg.S3_ENDPOINT,
          forcePathStyle: true,
          // s3rver accepts only these credentials.
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }
      : {}),
  });
  unavailableWhenUnreachable(client);
  return client;
}

export function documentsBucket(): string {
  return config().DOCUMENTS_BUCKET;
}
