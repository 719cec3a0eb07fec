import { describe, expect, it } from 'vitest';
import { apiEvent, testContext } from '../../tests/helpers/events.ts';
import { NotFoundError } from './errors.ts';
import { httpHandler, SECURITY_HEADERS } from './http.ts';

/** Routes called directly, as API Gateway calls them: header names lowercased, as its payload 2.0 events carry them. */
const call = async (handler: ReturnType<typeof httpHandler>) =>
  (await handler(apiEvent({ method: 'GET', route: '/api/states' }), testContext())) as { statusCode: number; headers: Record<string, string> };

describe('the security headers', () => {
  it("are added to a handler's own headers, which stay as it set them", async () => {
    const res = await call(httpHandler(async () => ({ statusCode: 200, headers: { 'cache-control': 'public, max-age=60', 'x-own': 'kept' }, body: '{}' })));
    expect(res.headers).toEqual({ 'cache-control': 'public, max-age=60', 'x-own': 'kept', ...SECURITY_HEADERS });
  });

  it('are on an answer without headers, an empty one, and an error', async () => {
    expect((await call(httpHandler(async () => ({ statusCode: 200, body: '{}' })))).headers).toMatchObject(SECURITY_HEADERS);
    const empty = await call(httpHandler(async () => undefined as never));
    expect(empty.statusCode).toBe(204);
    expect(empty.headers).toMatchObject(SECURITY_HEADERS);
    const failed = await call(
      httpHandler(async () => {
        throw new NotFoundError('Nothing here');
      }),
    );
    expect(failed.statusCode).toBe(404);
    expect(failed.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS });
  });

  it('leave an answer a handler gives every time (one object) the same, request after request', async () => {
    const answer = { statusCode: 200, headers: { 'cache-control': 'no-store' }, body: '{}' };
    const handler = httpHandler(async () => answer);
    const first = { ...(await call(handler)).headers };
    const second = (await call(handler)).headers;
    expect(second).toEqual(first);
    expect(Object.keys(second)).toHaveLength(1 + Object.keys(SECURITY_HEADERS).length);
  });
});
