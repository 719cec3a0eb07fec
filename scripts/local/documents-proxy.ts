import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * The local twin of CloudFront's `/documents/*` behaviour (infra/stacks/web-stack.ts): requests
 * for order documents that carry a whole, unexpired presigned link (checkDocumentRequest) go on
 * to the S3-compatible store, the presigned query string untouched (the store checks the
 * signature), and the answer comes back with the headers CloudFront's policy adds. The store's own headers say what the object is; nosniff makes sure
 * a browser believes them.
 */

export const DOCUMENTS_PATH_PREFIX = '/documents/';

/** What CloudFront's documents response-headers policy adds. */
export const DOCUMENT_RESPONSE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Request headers the store needs: the signed Content-Type of an upload and the body's length (as CloudFront's origin request policy forwards). */
const FORWARDED = ['content-type', 'content-length', 'range'];
/** Response headers passed back to the browser. */
const RETURNED = ['content-type', 'content-length', 'content-disposition', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

/** The query parameters of a SigV4 presigned link (S3's query-string authentication). */
const PRESIGNED_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

/** The local store's only credentials (functions/lib/clients/s3.ts signs with them). */
const STORE_CREDENTIALS: Record<string, string> = { S3RVER: 'S3RVER' };

/** What a request under `/documents/` may do: only what a signed, unexpired link names. */
export type DocumentRequestVerdict = { ok: true } | { ok: false; status: number; message: string };

const refused = (status: number, message: string): DocumentRequestVerdict => ({ ok: false, status, message });

/** RFC 3986 encoding, as SigV4 canonical query strings use it. */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Like S3 behind CloudFront, and unlike the local store on its own (which serves anonymous
 * requests, takes a PUT on a link signed for a GET, and writes a key with `..` outside its
 * folder): a document is read (GET, HEAD) or an upload written (PUT) only through a presigned
 * link, unexpired, whose SigV4 signature (checked here, as S3 checks it) binds the method, the
 * key, the query and the signed headers (for an upload its Content-Type). Nothing else passes:
 * no other method, no `..` or `.` segment, encoded or not, no backslash. `storeHost` is the
 * host the link was signed for (the store's; the link was moved under the site's path).
 */
export function checkDocumentRequest(
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  bucket: string,
  storeHost: string,
  now = Date.now(),
): DocumentRequestVerdict {
  const method = req.method ?? '';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'PUT') return refused(405, 'Documents are read or uploaded through a signed link only');
  const [rawPath = '', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return refused(400, 'The document path is not valid');
  }
  if (!path.startsWith(DOCUMENTS_PATH_PREFIX) || path.includes('\\') || path.includes('\0') || path.split('/').some((part) => part === '..' || part === '.'))
    return refused(400, 'The document path is not valid');
  const query = new URLSearchParams(rawQuery);
  const param = (name: string) => query.get(name) ?? '';
  if (PRESIGNED_PARAMS.some((name) => query.getAll(name).length !== 1) || param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return refused(403, 'This document link is not signed');
  const amzDate = param('X-Amz-Date');
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  const seconds = Number(param('X-Amz-Expires'));
  if (!signedAt || !Number.isInteger(seconds) || seconds < 1 || seconds > 7 * 24 * 3600) return refused(403, 'This document link is not signed');
  const [, y, mo, d, h, mi, se] = signedAt.map(Number);
  if (Date.UTC(y, mo - 1, d, h, mi, se) + seconds * 1000 < now) return refused(403, 'This document link has expired');

  // The signature, recomputed over what this request is (AWS's SigV4 for S3, query-string form).
  const [accessKey = '', scopeDate, region, service, terminator] = param('X-Amz-Credential').split('/');
  const secret = STORE_CREDENTIALS[accessKey];
  if (!secret || scopeDate !== amzDate.slice(0, 8) || !region || service !== 's3' || terminator !== 'aws4_request')
    return refused(403, 'This document link is not signed');
  // A GET link also allows HEAD, as S3 does.
  const signedMethod = method === 'HEAD' ? 'GET' : method;
  const signedHeaders = param('X-Amz-SignedHeaders').split(';');
  const headerValue = (name: string) =>
    name === 'host'
      ? storeHost
      : String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ');
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    signedMethod,
    `/${bucket}${rawPath}`,
    canonicalQuery,
    signedHeaders.map((name) => `${name}:${headerValue(name)}\n`).join(''),
    signedHeaders.join(';'),
    param('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${scopeDate}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, scopeDate), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(param('X-Amz-Signature'), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused(403, 'This document link is not valid for this request');
  return { ok: true };
}

/** Forwards one request under `/documents/` to `bucket` of the store at `endpoint` (path-style, as the functions presign locally). */
export function proxyDocumentRequest(req: IncomingMessage, res: ServerResponse, endpoint: string, bucket: string): void {
  const target = new URL(endpoint);
  const verdict = checkDocumentRequest(req, bucket, target.host);
  if (!verdict.ok) {
    res.writeHead(verdict.status, {
      'content-type': 'text/plain; charset=utf-8',
      ...DOCUMENT_RESPONSE_HEADERS,
      ...(verdict.status === 405 ? { allow: 'GET, HEAD, PUT' } : {}),
    });
    res.end(verdict.message);
    req.resume();
    return;
  }
  const headers: Record<string, string> = { host: target.host };
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const upstream = httpRequest(
    { hostname: target.hostname, port: target.port, method: req.method, path: `/${bucket}${req.url ?? '/'}`, headers },
    (answer: IncomingMessage) => {
      const out: Record<string, string> = {};
      for (const name of RETURNED) {
        const value = answer.headers[name];
        if (typeof value === 'string') out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, { ...out, ...DOCUMENT_RESPONSE_HEADERS });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', ...DOCUMENT_RESPONSE_HEADERS });
    res.end('The document store is not reachable');
  });
  req.pipe(upstream);
}
