import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { matchRoute } from '../../functions/route-match.ts';
import type { RouteDef } from '../../functions/routes.ts';

/**
 * Runs the Lambda handlers behind a Node HTTP server: each request becomes an API Gateway
 * HTTP API (payload 2.0) event, and the handler's result becomes the response. Handlers
 * cannot tell it from API Gateway.
 */
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

const FUNCTIONS_DIR = join(import.meta.dirname, '../../functions');
const handlerCache = new Map<string, Promise<LambdaHandler>>();

export function loadHandler(module: string): Promise<LambdaHandler> {
  let h = handlerCache.get(module);
  if (!h) {
    h = import(pathToFileURL(join(FUNCTIONS_DIR, 'handlers', `${module}.ts`)).href).then((m) => m.handler as LambdaHandler);
    handlerCache.set(module, h);
  }
  return h;
}

const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml|javascript))/i;

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
}

/** The query's parameters as API Gateway gives them: a repeated name's values joined with commas; none, undefined. */
function queryParameters(url: URL): Record<string, string> | undefined {
  // A Map, not an object: a parameter named __proto__ must stay an ordinary key, as in API Gateway's JSON.
  const params = new Map<string, string>();
  for (const [k, v] of url.searchParams) params.set(k, params.has(k) ? `${params.get(k)},${v}` : v);
  return params.size ? Object.fromEntries(params) : undefined;
}

/** Builds the payload-2.0 event API Gateway would send for this request. */
export function toApiGatewayEvent(
  req: RawRequest,
  route: RouteDef | null,
  pathParameters: Record<string, string> | undefined,
  url: URL = new URL(req.url, 'http://localhost'),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[key] = Array.isArray(value) ? value.join(',') : value;
  }
  const query = url.search ? queryParameters(url) : undefined;
  const now = new Date();
  const hasBody = req.body.length > 0;
  const isText = hasBody && TEXT_TYPES.test(headers['content-type'] ?? '');
  const routeKey = route ? `${route.method} ${route.path}` : '$default';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: query,
    pathParameters: pathParameters && Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0],
      http: {
        method: req.method.toUpperCase(),
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: hasBody ? (isText ? req.body.toString('utf8') : req.body.toString('base64')) : undefined,
    isBase64Encoded: hasBody && !isText,
  };
}

/**
 * The Lambda context of one invocation: a 30 s deadline, as the functions are deployed with. A
 * class, so that an invocation creates one object and no functions (the local server's time per
 * request, scripts/bench/load.ts).
 */
class LocalContext implements Context {
  readonly callbackWaitsForEmptyEventLoop = false;
  readonly functionVersion = '$LATEST';
  readonly memoryLimitInMB = '512';
  readonly logStreamName = 'local';
  private readonly deadline = Date.now() + 30_000;
  constructor(
    readonly awsRequestId: string,
    readonly functionName: string,
  ) {}
  get invokedFunctionArn(): string {
    return `arn:aws:lambda:local:000000000000:function:${this.functionName}`;
  }
  get logGroupName(): string {
    return `/aws/lambda/${this.functionName}`;
  }
  // Bound to the instance, as Lambda's own context is: middy calls it detached from the context.
  readonly getRemainingTimeInMillis = (): number => Math.max(0, this.deadline - Date.now());
  done(): void {}
  fail(): void {}
  succeed(): void {}
}

export function lambdaContext(requestId: string, functionName: string): Context {
  return new LocalContext(requestId, functionName);
}

export interface AdapterResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** A text body stays a string: the socket encodes it as it writes it, with no copy made here. */
  body: Buffer | string;
}

/** Maps a handler's result to an HTTP response the way API Gateway does. */
export function fromLambdaResult(result: APIGatewayProxyResultV2): AdapterResponse {
  if (typeof result === 'string' || result === null || result === undefined || !('statusCode' in (result as object))) {
    // API Gateway treats anything but a structured result as a 200 JSON body.
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
    };
  }
  const r = result as Exclude<APIGatewayProxyResultV2, string>;
  const headers: Record<string, string | string[]> = {};
  for (const k in r.headers) headers[k.toLowerCase()] = String(r.headers[k]);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  const body = r.body === undefined ? '' : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body;
  return { statusCode: r.statusCode ?? 200, headers, body };
}

/** Dispatches one request through the route table to its handler (or the fallback). */
export async function dispatch(req: RawRequest): Promise<AdapterResponse> {
  const url = new URL(req.url, 'http://localhost');
  const match = matchRoute(req.method, url.pathname);
  const route = match.kind === 'found' ? match.route : null;
  const event = toApiGatewayEvent(req, route, match.kind === 'found' ? match.pathParameters : undefined, url);
  const module = route ? route.handler : 'fallback';
  const handler = await loadHandler(module);
  const result = await handler(event, lambdaContext(event.requestContext.requestId, module.replace(/\W+/g, '-')));
  return fromLambdaResult(result);
}

const EMPTY_BODY = Buffer.alloc(0);

export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // API Gateway's own payload limit is 10 MB. The rest of a larger body is read and dropped,
      // so the client gets the 413 answer rather than a connection reset mid-upload.
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(c);
    });
    req.on('end', () => (tooLarge ? reject(Object.assign(new Error('Payload too large'), { status: 413 })) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** Node http handler for /api/* requests. */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let out: AdapterResponse;
  try {
    // GET/DELETE without a body: no stream to drain.
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const body = hasBody ? await readBody(req) : EMPTY_BODY;
    out = await dispatch({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body,
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    });
  } catch (err) {
    const status = (err as { status?: number }).status === 413 ? 413 : 500;
    if (status === 500) console.error(err);
    out = {
      statusCode: status,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(
        JSON.stringify(
          status === 413
            ? { error: 'Request body is too large (10 MB at most)', code: 'payload_too_large' }
            : { error: 'Internal error', code: 'internal_error' },
        ),
      ),
    };
  }
  if (res.headersSent) return;
  out.headers['content-length'] = String(typeof out.body === 'string' ? Buffer.byteLength(out.body, 'utf8') : out.body.length);
  res.writeHead(out.statusCode, out.headers);
  res.end(out.body);
}
