import { UnavailableError } from '../errors.ts';

/**
 * How long a call to DynamoDB or S3 may take before it is given up. A store that is frozen
 * rather than down (a paused process, a network that drops packets without resetting) would
 * otherwise hold a request until the Lambda times out: connections get 1 s to open, a request
 * 1.5 s of silence (an error, not the SDK's default warning), and a call 2 attempts, so a frozen
 * store costs about 3 s and the answer is a 503 with Retry-After
 * (docs/decisions/0204-store-timeouts.md). DynamoDB answers in milliseconds; S3's large
 * bodies keep the socket busy, which is not silence. The test suite's handlers share one
 * DynamoDB Local on a busy machine, where a healthy answer can take longer than that: it sets
 * STORE_REQUEST_TIMEOUT_MS higher, and the frozen-store test sets it back to 1500.
 */
export function storeClientLimits(requestTimeoutMs = 1500) {
  return {
    requestHandler: { connectionTimeout: 1000, requestTimeout: requestTimeoutMs, throwOnRequestTimeout: true },
    maxAttempts: 2,
  } as const;
}

const NETWORK_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The store could not be reached, did not answer in time, or failed on its side, even after the
 * SDK's retries: a 503 with Retry-After (the caller may simply try again), not a 500.
 */
export function unreachable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; $fault?: unknown } | undefined;
  return NETWORK_FAILURES.has(String(e?.code)) || e?.name === 'TimeoutError' || e?.$fault === 'server';
}

/** Adds to a client the middleware that turns an unreachable store into the API's 503. */
export function unavailableWhenUnreachable(client: {
  middlewareStack: { add: (middleware: never, options: { step: 'initialize'; name: string }) => void };
}): void {
  const middleware = (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
    try {
      return await next(args);
    } catch (err) {
      throw unreachable(err) ? new UnavailableError('The service is briefly unavailable; please try again in a few seconds') : err;
    }
  };
  client.middlewareStack.add(middleware as never, { step: 'initialize', name: 'unavailableWhenUnreachable' });
}
