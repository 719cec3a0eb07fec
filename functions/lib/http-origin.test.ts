import { afterEach, describe, expect, it } from 'vitest';
import { apiEvent, invoke, testContext } from '../../tests/helpers/events.ts';
import { handler as listStates } from '../handlers/states/list.ts';
import { httpHandler, json, sourceIp } from './http.ts';
import { resetSecretsForTests } from './secrets.ts';

const SECRET = 'origin-verify-secret-for-tests-0123456789';
const echo = httpHandler(async (event) => json(200, { ip: sourceIp(event) }));
/** Not a contract route: called directly, without the contract check of `invoke`. */
const echoIp = async (_: unknown, event: Parameters<typeof echo>[0]) => {
  const res = (await echo(event, testContext())) as { body: string };
  return { body: JSON.parse(res.body) };
};

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetSecretsForTests();
});

describe('requests through CloudFront only', () => {
  it('without a configured secret (local), every request is served and the socket address counts', async () => {
    const res = await echoIp(null, apiEvent({ method: 'GET', route: '/api/states', sourceIp: '198.51.100.4' }));
    expect(res.body).toEqual({ ip: '198.51.100.4' });
  });

  it('with the secret configured, a request without it is refused with 403', async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetSecretsForTests();
    const direct = await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states' }));
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({ code: 'origin_not_verified' });
    const wrong = await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states', headers: { 'x-origin-verify': 'guess' } }));
    expect(wrong.status).toBe(403);
    const through = await invoke(listStates, apiEvent({ method: 'GET', route: '/api/states', headers: { 'x-origin-verify': SECRET } }));
    expect(through.status).toBe(200);
  });

  it("takes the viewer's address from CloudFront-Viewer-Address only when the secret matches", async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    resetSecretsForTests();
    const event = (headers: Record<string, string>) => apiEvent({ method: 'GET', route: '/api/states', sourceIp: '130.176.0.1', headers });
    expect((await echoIp(null, event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '203.0.113.9:51234' }))).body).toEqual({ ip: '203.0.113.9' });
    expect((await echoIp(null, event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '[2001:db8::7]:443' }))).body).toEqual({ ip: '2001:db8::7' });
  });
});
