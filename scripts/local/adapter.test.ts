import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../functions/routes.ts';
import { dispatch, fromLambdaResult, toApiGatewayEvent } from './adapter.ts';

const req = (method: string, url: string, opts: { body?: string | Buffer; headers?: Record<string, string | string[]> } = {}) => ({
  method,
  url,
  headers: { host: '127.0.0.1:3000', ...opts.headers },
  body: Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body ?? ''),
  sourceIp: '127.0.0.1',
});

const pricingRoute = (ROUTES as readonly RouteDef[]).find((r) => r.path === '/api/state-pricing/{stateCode}')!;

describe('request -> API Gateway v2 event', () => {
  it('fills route key, raw path, query, lower-cased headers, cookies and request context', () => {
    const event = toApiGatewayEvent(
      req('GET', '/api/state-pricing/tx?a=1&a=2&b=x%20y', { headers: { 'X-Custom': 'v', Cookie: 'c1=1; c2=2', 'User-Agent': 'ua' } }),
      pricingRoute,
      { stateCode: 'tx' },
    );
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /api/state-pricing/{stateCode}');
    expect(event.rawPath).toBe('/api/state-pricing/tx');
    expect(event.rawQueryString).toBe('a=1&a=2&b=x%20y');
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x y' });
    expect(event.pathParameters).toEqual({ stateCode: 'tx' });
    expect(event.headers['x-custom']).toBe('v');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['c1=1', 'c2=2']);
    expect(event.requestContext.http).toMatchObject({ method: 'GET', path: '/api/state-pricing/tx', sourceIp: '127.0.0.1', userAgent: 'ua' });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes text bodies as is and binary bodies base64-encoded', () => {
    const text = toApiGatewayEvent(req('POST', '/api/x', { body: '{"a":"é"}', headers: { 'content-type': 'application/json' } }), null, undefined);
    expect(text).toMatchObject({ body: '{"a":"é"}', isBase64Encoded: false });
    const bin = Buffer.from([0, 255, 1, 2]);
    const binary = toApiGatewayEvent(req('POST', '/api/x', { body: bin, headers: { 'content-type': 'application/octet-stream' } }), null, undefined);
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body!, 'base64')).toEqual(bin);
  });
});

describe('handler result -> response', () => {
  it('maps status, headers, cookies and base64 bodies', () => {
    const out = fromLambdaResult({
      statusCode: 201,
      headers: { 'X-A': 'b' },
      cookies: ['s=1; HttpOnly'],
      body: Buffer.from('hi').toString('base64'),
      isBase64Encoded: true,
    });
    expect(out.statusCode).toBe(201);
    expect(out.headers['x-a']).toBe('b');
    expect(out.headers['set-cookie']).toEqual(['s=1; HttpOnly']);
    expect(out.body.toString()).toBe('hi');
  });
  it('treats a plain value as a 200 JSON body, as API Gateway does', () => {
    const out = fromLambdaResult({ ok: true } as never);
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(out.body.toString())).toEqual({ ok: true });
  });
});

describe('dispatch through the route table', () => {
  it('routes path parameters to the handler', async () => {
    const out = await dispatch(req('GET', '/api/state-pricing/ny'));
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(out.body.toString()).name).toBe('New York');
  });
  it('answers 404 JSON for an unknown API path', async () => {
    const out = await dispatch(req('GET', '/api/does-not-exist'));
    expect(out.statusCode).toBe(404);
    expect(JSON.parse(out.body.toString()).error).toMatch(/No API route/);
  });
  it('answers 405 JSON with Allow for a known path and the wrong method', async () => {
    const out = await dispatch(req('PUT', '/api/states'));
    expect(out.statusCode).toBe(405);
    expect(out.headers.allow).toBe('GET');
    expect(JSON.parse(out.body.toString()).error).toMatch(/not allowed/);
  });
  it('delivers a POST body to the handler', async () => {
    const body = JSON.stringify({ income: 1000, expenses: { clothing: 100, meals: 0, equipment: 0, travel: 0, entertainment: 0, other: 0 } });
    const out = await dispatch(req('POST', '/api/calculate-savings', { body, headers: { 'content-type': 'application/json' } }));
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(out.body.toString()).annualExpenses).toBe(1200);
  });
});
