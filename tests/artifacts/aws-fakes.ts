import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * The AWS services a deployed function calls besides DynamoDB and S3, as small local HTTP
 * servers speaking the same wire protocol, so the deployed artifacts run unchanged and the AWS
 * SDK they bundle is exercised (AWS_ENDPOINT_URL_<SERVICE> points it here):
 * - Secrets Manager GetSecretValue (JSON 1.1) from a map of secret name -> value;
 * - KMS GenerateDataKey / Decrypt, with the encryption context checked as KMS checks it;
 * - SES v2 SendEmail, recording each message;
 * - CloudFront CreateInvalidation (the site publisher), recording the paths.
 */
export interface SentEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
}

export interface AwsFakes {
  endpoint: string;
  /** Environment that points the SDK of a function at the fakes. */
  env: Record<string, string>;
  sentEmails: SentEmail[];
  secretReads: string[];
  kmsCalls: string[];
  invalidations: { distributionId: string; paths: string[] }[];
  close(): Promise<void>;
}

export async function startAwsFakes(secrets: (secretId: string) => string | undefined): Promise<AwsFakes> {
  const sentEmails: SentEmail[] = [];
  const secretReads: string[] = [];
  const kmsCalls: string[] = [];
  const invalidations: { distributionId: string; paths: string[] }[] = [];
  const wrappingKey = randomBytes(32);

  const wrap = (plain: Buffer, context: string) => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', wrappingKey, iv);
    c.setAAD(Buffer.from(context));
    const data = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), data]);
  };
  const unwrap = (blob: Buffer, context: string) => {
    const d = createDecipheriv('aes-256-gcm', wrappingKey, blob.subarray(0, 12));
    d.setAAD(Buffer.from(context));
    d.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([d.update(blob.subarray(28)), d.final()]);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const invalidation = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(req.url ?? '');
      if (req.method === 'POST' && invalidation) {
        // CloudFront CreateInvalidation (REST/XML); a signed request is all it checks here.
        if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
          res.writeHead(403);
          return res.end();
        }
        const paths = [...text.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1]);
        invalidations.push({ distributionId: decodeURIComponent(invalidation[1]), paths });
        res.writeHead(201, { 'content-type': 'text/xml' });
        return res.end(`<Invalidation><Id>I${invalidations.length}</Id><Status>InProgress</Status></Invalidation>`);
      }
      const body = text ? JSON.parse(text) : {};
      const target = String(req.headers['x-amz-target'] ?? '');
      const send = (status: number, payload: unknown, type = 'application/x-amz-json-1.1') => {
        res.writeHead(status, { 'content-type': type });
        res.end(JSON.stringify(payload));
      };
      if (target === 'secretsmanager.GetSecretValue') {
        secretReads.push(body.SecretId);
        const value = secrets(body.SecretId);
        if (value === undefined) return send(400, { __type: 'ResourceNotFoundException', message: `No secret ${body.SecretId}` });
        return send(200, { ARN: body.SecretId, Name: body.SecretId, SecretString: value, VersionId: 'v1' });
      }
      if (target === 'TrentService.GenerateDataKey') {
        kmsCalls.push('GenerateDataKey');
        const plain = randomBytes(32);
        const context = JSON.stringify(body.EncryptionContext ?? {});
        return send(200, { KeyId: body.KeyId, Plaintext: plain.toString('base64'), CiphertextBlob: wrap(plain, context).toString('base64') });
      }
      if (target === 'TrentService.Decrypt') {
        kmsCalls.push('Decrypt');
        try {
          const plain = unwrap(Buffer.from(body.CiphertextBlob, 'base64'), JSON.stringify(body.EncryptionContext ?? {}));
          return send(200, { KeyId: 'local', Plaintext: plain.toString('base64') });
        } catch {
          return send(400, { __type: 'InvalidCiphertextException', message: 'Wrong key or encryption context' });
        }
      }
      if (req.method === 'POST' && req.url === '/v2/email/outbound-emails') {
        const simple = body.Content?.Simple ?? {};
        sentEmails.push({
          from: body.FromEmailAddress,
          to: body.Destination?.ToAddresses ?? [],
          subject: simple.Subject?.Data ?? '',
          html: simple.Body?.Html?.Data ?? '',
          text: simple.Body?.Text?.Data ?? '',
        });
        return send(200, { MessageId: `local-${sentEmails.length}` }, 'application/json');
      }
      send(400, { __type: 'UnknownOperationException', message: `${req.method} ${req.url} ${target}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    endpoint,
    env: {
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      AWS_ENDPOINT_URL_KMS: endpoint,
      AWS_ENDPOINT_URL_SESV2: endpoint,
      AWS_ENDPOINT_URL_CLOUDFRONT: endpoint,
    },
    sentEmails,
    secretReads,
    kmsCalls,
    invalidations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
