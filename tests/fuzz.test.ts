import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPerson } from '../functions/data/staff-accounts.ts';
import { ddb, tableName } from '../functions/lib/clients/dynamodb.ts';
import { hashPassword } from '../functions/lib/password.ts';
import { hashToken } from '../functions/lib/sessions.ts';
import { type HttpMethod, ROUTES, type RouteDef } from '../functions/routes.ts';
import { TABLE_KEYS } from '../functions/tables.ts';
import { dispatch, type RawRequest } from '../scripts/local/adapter.ts';
import { signedInPerson } from './fakes/staff.ts';

/**
 * Bad input over the whole route table: every route gets at least 30 malformed requests
 * (body, types, sizes, encodings, injection strings, path and query abuse, wrong methods).
 * Every answer must be a 4xx JSON `{ error, code }`, a sentence and a stable code (401 for staff
 * routes without a token), never a 5xx, and no rejected request may write anything. A route
 * added to the table is covered automatically; a sample body (below) makes its per-field cases
 * sharper.
 */

// A plausible body per route: each field is then mutated into something invalid.
const SAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/calculate-savings': { income: 1000, expenses: { clothing: 1, meals: 1, equipment: 1, travel: 1, entertainment: 1, other: 1 } },
  'POST /api/tax-plan': { year: 2026, filingStatus: 'single', profit: 100000, salary: 40000, otherWages: 0 },
  'POST /api/llc-applications': {
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.com',
    phone: '5551234567',
    state: 'FL',
    contentTypes: ['food'],
    platforms: ['tiktok'],
    annualIncome: 1000,
    currentStep: 1,
  },
  'PATCH /api/llc-applications/{id}': { firstName: 'Ana', email: 'ana@example.com', annualIncome: 1000, expeditedFiling: true, contentTypes: ['food'] },
  'POST /api/webhook/stage1': {
    userId: 'u-1',
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.com',
    phone: '5551234567',
    state: 'FL',
    contentTypes: ['food'],
    platforms: ['tiktok'],
    stepCompleted: 2,
    leadSource: 'wizard_profile_step',
  },
  'POST /api/webhook/stage2': {
    userId: 'u-1',
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.com',
    phone: '5551234567',
    state: 'FL',
    contentTypes: ['food'],
    platforms: ['tiktok'],
    businessName: 'Ana LLC',
    annualIncome: 1,
    estimatedSavings: 1,
    stepCompleted: 3,
    leadSource: 'wizard_business_setup',
  },
  'POST /api/business-names/generate': { keywords: ['food'], category: 'food' },
  'POST /api/business-names/check-availability': { name: 'Ana Eats LLC' },
  'POST /api/create-payment-intent': { amount: 27500, applicationId: '00000000-0000-4000-8000-000000000000', provider: 'stripe' },
  'POST /api/amazon-pay/create-session': { amount: '275', applicationId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/klarna/create-session': { amount: 27500, applicationId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/apple-pay/validate-merchant': {
    validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    applicationId: '00000000-0000-4000-8000-000000000000',
  },
  'POST /api/apple-pay/process-payment': { payment: { token: { paymentData: {} } }, applicationId: '00000000-0000-4000-8000-000000000000' },
  'POST /api/staff/login': { email: 'owner@example.com', password: 'not-the-password' },
  'POST /api/staff/invitations': { invite: 'x'.repeat(43), ticket: 'x'.repeat(43), password: 'a long enough password', totpCode: '123456' },
  'POST /api/staff/people': { email: 'new@example.com', name: 'New Person', role: 'processor' },
  'POST /api/staff/logout': { token: 'x'.repeat(43) },
  'PATCH /api/staff/applications/{id}': { status: 'processing', notes: 'ok' },
  'POST /api/content': { page: 'landing', section: 'hero.title', content: 'Hello', contentType: 'text' },
  'PATCH /api/content/{id}': { content: 'Hello' },
  'POST /api/support-tickets': { name: 'Ana', email: 'ana@example.com', subject: 'Help', message: 'Please help' },
  'PATCH /api/staff/tickets/{id}': { status: 'closed' },
};

const INJECTIONS = ["' OR 1=1 --", '{"$gt":""}', '<script>alert(1)</script>'];
const CONTROL = 'bad\u0000value\u0007\u001b[2J';
/** Keys every plain object has through its prototype: a path value must never find one of these. */
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface Case {
  name: string;
  req: RawRequest;
}

const rawReq = (method: string, url: string, body?: string | Buffer, contentType = 'application/json', headers: Record<string, string> = {}): RawRequest => ({
  method,
  url,
  headers: { host: '127.0.0.1', ...(body !== undefined ? { 'content-type': contentType } : {}), ...headers },
  body: body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body),
  sourceIp: `198.51.100.${Math.floor(Math.random() * 250)}`,
});

const hasBody = (r: RouteDef) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT';

function concretePath(r: RouteDef, value = '00000000-0000-4000-8000-000000000000'): string {
  return r.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'stateCode' ? 'FL' : encodeURIComponent(value)));
}

function wrongTypeFor(v: unknown): unknown[] {
  if (typeof v === 'string') return [12345, { $gt: '' }, [v], true, `${CONTROL}${INJECTIONS[0]}`];
  if (typeof v === 'number') return [INJECTIONS[0], -1, '__INFINITY__', { $gt: '' }, null];
  if (typeof v === 'boolean') return ['true', 1, INJECTIONS[2]];
  if (Array.isArray(v)) return ['not-a-list', [{ $gt: '' }], Array.from({ length: 500 }, (_, i) => `item-${i}`)];
  if (v && typeof v === 'object') return [[], 'object', INJECTIONS[1]];
  return [INJECTIONS[2]];
}

/** Serialises, turning the '__INFINITY__' marker into 1e400 (parsed as Infinity). */
const toJson = (o: unknown) => JSON.stringify(o).replace(/"__INFINITY__"/g, '1e400');

/** Query parameters that are a search box's free text (the staff list's q, the audit trail's order): any printable text is a search. */
const FREE_TEXT_QUERY: ReadonlySet<string> = new Set(['q', 'order']);

function casesFor(route: RouteDef, token?: string): Case[] {
  const auth = token ? { 'staff-token': token } : {};
  const url = concretePath(route);
  const m = route.method;
  const cases: Case[] = [];
  const add = (name: string, req: RawRequest) => cases.push({ name, req: { ...req, headers: { ...req.headers, ...auth } } });

  // Wrong methods (405) and query abuse (400) apply to every route.
  for (const other of METHODS.filter((x) => !ROUTES.some((r) => r.method === x && concretePath(r) === url) && x !== m))
    add(`wrong method ${other}`, rawReq(other, url));
  add('unknown query parameter', rawReq(m, `${url}?debug=1`, hasBody(route) ? '{}' : undefined));
  add('injection in query name', rawReq(m, `${url}?${encodeURIComponent(INJECTIONS[0])}=1`, hasBody(route) ? '{}' : undefined));
  add('operator in query', rawReq(m, `${url}?where[$gt]=`, hasBody(route) ? '{}' : undefined));
  add('control chars in query', rawReq(m, `${url}?q=%00%07`, hasBody(route) ? '{}' : undefined));
  const strayQueries = [
    '__proto__=1',
    `${'k'.repeat(2000)}=1`,
    '%C3%A9%00=1',
    'script=%3Cscript%3E',
    'a=1&a=2&a=3',
    'id=..%2F..%2Fetc',
    'limit=-1',
    'limit=1e400',
    'callback=alert(1)',
    'fields=*',
    '_method=DELETE',
    'page%5B%24ne%5D=1',
  ];
  for (const q of strayQueries) add(`stray query ${q.slice(0, 30)}`, rawReq(m, `${url}?${q}`, hasBody(route) ? '{}' : undefined));
  // Allowed query parameters with malformed values. A free-text search takes injection strings
  // and "-1" as the text they are (the next test); too long or control characters stay malformed.
  for (const name of route.query ?? []) {
    const values = FREE_TEXT_QUERY.has(name) ? ['x'.repeat(3000), CONTROL] : [...INJECTIONS, 'x'.repeat(3000), CONTROL, '-1'];
    for (const v of values) add(`query ${name}=${v.slice(0, 20)}`, rawReq(m, `${url}?${name}=${encodeURIComponent(v)}`, hasBody(route) ? '{}' : undefined));
  }

  // Path parameters: too long, traversal, injection.
  if (route.path.includes('{')) {
    add('path param too long', rawReq(m, route.path.replace(/\{\w+\}/g, 'a'.repeat(600)), hasBody(route) ? '{}' : undefined));
    add('path traversal', rawReq(m, route.path.replace(/\{\w+\}/g, '..%2F..%2Fetc%2Fpasswd'), hasBody(route) ? '{}' : undefined));
    add('path injection', rawReq(m, route.path.replace(/\{\w+\}/g, encodeURIComponent(INJECTIONS[0])), hasBody(route) ? '{}' : undefined));
    add('path operator', rawReq(m, route.path.replace(/\{\w+\}/g, encodeURIComponent('{"$gt":""}')), hasBody(route) ? '{}' : undefined));
    add('path unicode+control', rawReq(m, route.path.replace(/\{\w+\}/g, encodeURIComponent(`é${CONTROL}`)), hasBody(route) ? '{}' : undefined));
    // Names every plain object inherits: a path value used as an object key would find these.
    for (const inherited of PROTOTYPE_KEYS) {
      for (const param of route.path.match(/\{\w+\}/g) ?? []) {
        const path = concretePath({ ...route, path: route.path.replace(param, inherited) as RouteDef['path'] });
        add(`path ${param} = ${inherited}`, rawReq(m, path, hasBody(route) ? '{}' : undefined));
      }
    }
  }

  if (!hasBody(route)) {
    // Bodies on body-less routes are parsed too: malformed ones are rejected.
    add('invalid JSON body on GET/DELETE', rawReq(m, url, '{"a":'));
    add('oversized body on GET/DELETE', rawReq(m, url, JSON.stringify({ pad: 'x'.repeat(70_000) })));
    add('wrong content type on GET/DELETE', rawReq(m, url, 'a=b', 'text/plain'));
    add('1 MB body on GET/DELETE', rawReq(m, url, 'x'.repeat(1024 * 1024), 'application/json'));
    add('truncated JSON on GET/DELETE', rawReq(m, url, '{"a":1'));
    add('JSON with garbage on GET/DELETE', rawReq(m, url, '{} x'));
    add('form body on GET/DELETE', rawReq(m, url, 'a=1', 'application/x-www-form-urlencoded'));
    add('xml body on GET/DELETE', rawReq(m, url, '<a/>', 'application/xml'));
    add('binary body on GET/DELETE', rawReq(m, url, randomBytes(32), 'application/octet-stream'));
    add('injection as raw JSON on GET/DELETE', rawReq(m, url, "' OR 1=1 --"));
    add('script as raw JSON on GET/DELETE', rawReq(m, url, '<script>alert(1)</script>'));
    return cases;
  }

  // Body-level malformations.
  add('invalid JSON', rawReq(m, url, '{"income": '));
  add('truncated JSON', rawReq(m, url, '{"a":1'));
  add('JSON with trailing garbage', rawReq(m, url, '{} trailing'));
  add('wrong content type text/plain', rawReq(m, url, '{}', 'text/plain'));
  add('wrong content type form', rawReq(m, url, 'a=1&b=2', 'application/x-www-form-urlencoded'));
  add('wrong content type xml', rawReq(m, url, '<a>1</a>', 'application/xml'));
  add('binary body', rawReq(m, url, randomBytes(64), 'application/octet-stream'));
  add('JSON array body', rawReq(m, url, '[]'));
  add('JSON string body', rawReq(m, url, '"hello"'));
  add('JSON number body', rawReq(m, url, '42'));
  add('JSON null body', rawReq(m, url, 'null'));
  add('body over the size limit', rawReq(m, url, JSON.stringify({ pad: 'x'.repeat(70_000) })));
  add('1 MB string field', rawReq(m, url, JSON.stringify({ ...(SAMPLES[`${m} ${route.path}`] ?? {}), pad: 'x'.repeat(1024 * 1024) })));
  add('deeply nested JSON', rawReq(m, url, `${'['.repeat(5000)}${']'.repeat(5000)}`));
  add('operator object body', rawReq(m, url, JSON.stringify({ $where: 'sleep(1000)', $gt: '' })));
  add('prototype pollution', rawReq(m, url, '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'));

  const sample = SAMPLES[`${m} ${route.path}`];
  if (sample) {
    add('extra field', rawReq(m, url, toJson({ ...sample, isAdmin: true })));
    for (const [field, value] of Object.entries(sample)) {
      for (const wrong of wrongTypeFor(value)) add(`${field} = ${JSON.stringify(wrong)?.slice(0, 40)}`, rawReq(m, url, toJson({ ...sample, [field]: wrong })));
      add(`${field} huge string`, rawReq(m, url, toJson({ ...sample, [field]: 'x'.repeat(60_000) })));
    }
  } else {
    add('empty object with unknown field', rawReq(m, url, '{"unexpected":1}'));
    for (const inj of INJECTIONS) add(`injection field ${inj}`, rawReq(m, url, JSON.stringify({ [inj]: inj })));
  }
  return cases;
}

/** Items per table; rateLimits is left out: counting every request, rejected or not, is its job. */
async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const key of TABLE_KEYS.filter((k) => k !== 'rateLimits')) {
    let n = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(new ScanCommand({ TableName: tableName(key), ExclusiveStartKey: start, Select: 'COUNT' }));
      n += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    counts[key] = n;
  }
  return counts;
}

// Configure the secrets so each route's own validation is what answers (not "not configured").
process.env.STRIPE_WEBHOOK_SECRET = 'whsec_fuzz_secret';
process.env.STRIPE_SECRET_KEY = 'sk_test_fuzz_not_a_real_key';
process.env.STAFF_PASSWORD_HASH = await hashPassword('fuzz-staff-password');

const TOKEN = randomBytes(32).toString('base64url');
const routes = ROUTES as readonly RouteDef[];

describe('bad input over the route table', () => {
  beforeAll(async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    await ddb().send(
      new PutCommand({
        TableName: tableName('sessions'),
        // An owner's session (of a person the staff table does not hold: nothing of theirs can change).
        Item: {
          tokenHash: hashToken(TOKEN),
          sessionId: 'fuzz-session',
          personId: 'fuzz-person',
          email: 'fuzz@example.com',
          role: 'owner',
          expiresAt: expiresAt.toISOString(),
          ttl: Math.floor(expiresAt.getTime() / 1000),
        },
      }),
    );
  });

  it('every route has its own handler module', () => {
    const missing = routes.filter((r) => !existsSync(join(import.meta.dirname, '../functions/handlers', `${r.handler}.ts`)));
    expect(missing.map((r) => `${r.method} ${r.path} -> ${r.handler}`)).toEqual([]);
  });

  it('answers every malformed request with a 4xx JSON error, never a 5xx, and writes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let total = 0;
    for (const route of routes) {
      const variants = route.access === 'staff' ? [undefined, TOKEN] : [undefined];
      let perRoute = 0;
      for (const token of variants) {
        for (const c of casesFor(route, token)) {
          total++;
          perRoute++;
          const res = await dispatch(c.req);
          const label = `${route.method} ${route.path} [${token ? 'staff' : 'anon'}] ${c.name}: ${res.statusCode}`;
          let body: { error?: unknown; code?: unknown } | undefined;
          try {
            body = JSON.parse(res.body.toString('utf8'));
          } catch {
            body = undefined;
          }
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${label} ${res.body.toString('utf8').slice(0, 160)}`);
          else if (typeof body?.error !== 'string' || body.error.length < 5) failures.push(`${label} (no JSON error sentence)`);
          else if (typeof body.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(body.code)) failures.push(`${label} (no error code)`);
          else if (route.access === 'staff' && !token && ![401, 405].includes(res.statusCode) && !c.name.startsWith('wrong method'))
            failures.push(`${label} (expected 401 without a token)`);
        }
      }
      expect(perRoute, `${route.method} ${route.path} gets at least 30 cases`).toBeGreaterThanOrEqual(30);
    }
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(await snapshot()).toEqual(before);
  }, 240_000);

  it('takes injection strings in a free-text search as plain text: an answer, not an error, and nothing written', async () => {
    const before = await snapshot();
    const searched = routes.filter((r) => (r.query ?? []).some((q) => FREE_TEXT_QUERY.has(q)));
    expect(searched.length).toBeGreaterThan(0);
    for (const route of searched) {
      for (const name of (route.query ?? []).filter((q) => FREE_TEXT_QUERY.has(q))) {
        for (const v of [...INJECTIONS, '-1']) {
          const res = await dispatch({
            ...rawReq(route.method, `${concretePath(route)}?${name}=${encodeURIComponent(v)}`),
            headers: { 'staff-token': TOKEN },
          });
          expect(res.statusCode, `${route.method} ${route.path} ?${name}=${v}`).toBe(200);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a path value naming an inherited object key (constructor, __proto__ ...) with a 4xx, for a signed-in owner with sessions too', async () => {
    // A real person with a session on their account: their own records are where such a key would be looked up.
    const owner = await signedInPerson({ role: 'owner' });
    const failures: string[] = [];
    let total = 0;
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      for (const param of route.path.match(/\{\w+\}/g) ?? []) {
        for (const inherited of PROTOTYPE_KEYS) {
          const req = rawReq(
            route.method,
            concretePath({ ...route, path: route.path.replace(param, inherited) as RouteDef['path'] }),
            hasBody(route) ? '{}' : undefined,
          );
          if (route.access === 'staff') Object.assign(req.headers, owner.headers);
          total++;
          const res = await dispatch(req);
          const body = (() => {
            try {
              return JSON.parse(res.body.toString('utf8')) as { error?: unknown; code?: unknown };
            } catch {
              return undefined;
            }
          })();
          if (res.statusCode < 400 || res.statusCode >= 500 || typeof body?.code !== 'string')
            failures.push(`${route.method} ${route.path} ${param}=${inherited}: ${res.statusCode} ${res.body.toString('utf8').slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(40);
    // Their session is still there: nothing was ended by a key it does not have.
    expect((await readPerson(owner.person.id))?.sessions?.[owner.sessionId]).toBeDefined();
  }, 120_000);
});
