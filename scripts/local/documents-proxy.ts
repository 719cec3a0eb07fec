import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * The local twin of CloudFront's `/documents/*` behaviour (infra/stacks/web-stack.ts): requests
 * for order documents go on to the S3-compatible store, the presigned query string untouched
 * (the store checks the signature and the expiry), and the answer comes back with the headers
 * CloudFront's policy adds. The store's own headers say what the object is; nosniff makes sure
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

/** Forwards one request under `/documents/` to `bucket` of the store at `endpoint` (path-style, as the functions presign locally). */
export function proxyDocumentRequest(req: IncomingMessage, res: ServerResponse, endpoint: string, bucket: string): void {
  const target = new URL(endpoint);
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
