import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { ROUTES, type RouteDef } from '../functions/routes.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT, parseStageConfig } from './stage-config.ts';
import { functionsWithPolicies, type PolicyStatementJson, type SynthesisedProduct, synthProduct } from './test-support.ts';

/**
 * The audit trail is append-only, and the prod stage asks every staff sign-in for a second
 * factor: both checked on the synthesised templates, over every function of the product.
 */
const READS = new Set([
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
]);

let dev: SynthesisedProduct;
let prod: SynthesisedProduct;
beforeAll(() => {
  dev = synthProduct({ stage: 'dev', requireSecondFactor: 'false' });
  prod = synthProduct({ stage: 'prod', alarmEmail: 'ops@example.com', ...EXAMPLE_API_DOMAIN_CONTEXT, ownerEmail: 'owner@example.com' });
}, 120_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
});

const onAuditTable = (stage: string) => (s: PolicyStatementJson) => new RegExp(`:table/creator-llc-${stage}-audit(/|"|$)`).test(JSON.stringify(s.Resource));
const actionsOf = (statements: PolicyStatementJson[]) => statements.flatMap((s) => [s.Action].flat());

describe('the audit table: append-only for every function', () => {
  for (const stage of ['dev', 'prod'] as const) {
    it(`${stage}: no function may update or delete an entry; writers may only put`, () => {
      const product = stage === 'dev' ? dev : prod;
      const fns = functionsWithPolicies(product.templates.api);
      expect(fns.length).toBeGreaterThan(ROUTES.length);
      let writers = 0;
      for (const { logicalId, statements } of fns) {
        // Whatever a function may do on the audit table, by its ARN or by a wildcard.
        const audit = statements.filter(onAuditTable(stage));
        const wildcard = statements.filter((s) => [s.Resource].flat().some((r) => r === '*'));
        for (const action of actionsOf(wildcard))
          expect(action.startsWith('dynamodb:') && !READS.has(action) && action !== 'dynamodb:ListStreams', `${logicalId}: ${action} on *`).toBe(false);
        const actions = actionsOf(audit);
        for (const action of actions) expect(action === 'dynamodb:PutItem' || READS.has(action), `${logicalId} may ${action} on the audit table`).toBe(true);
        if (actions.includes('dynamodb:PutItem')) {
          writers++;
          // A writer's grant is PutItem alone, on the table (no index, no other action).
          expect(actions, logicalId).toEqual(['dynamodb:PutItem']);
        }
      }
      // Every route that declares the audit grant got it (sign-in, staff changes, settings, content, tickets, refunds...).
      const declared = (ROUTES as readonly RouteDef[]).filter((r) => (r.tables as Record<string, string> | undefined)?.audit === 'append');
      expect(declared.length).toBeGreaterThan(10);
      expect(writers).toBe(declared.length + Object.values(JOBS).filter((j) => (j.tables as Record<string, string>).audit === 'append').length);
    });
  }

  it('the audit view reads it, and only reads', () => {
    const reader = (ROUTES as readonly RouteDef[]).find((r) => r.path === '/api/staff/audit');
    expect(reader?.tables).toMatchObject({ audit: 'read' });
  });
});

describe('the second factor', () => {
  it('prod requires it of every staff sign-in: every function is told so', () => {
    const fns = functionsWithPolicies(prod.templates.api);
    for (const { logicalId, env } of fns.filter((f) => f.env.DEPLOYMENT === 'aws')) expect(env.STAFF_SECOND_FACTOR, logicalId).toBe('required');
    const login = fns.find((f) => f.fn.Properties.Description === 'POST /api/staff/login');
    expect(login?.env).toMatchObject({ STAFF_SECOND_FACTOR: 'required', STAFF_OWNER_EMAIL: 'owner@example.com' });
  });

  it('prod: every function knows the seller receipts name while the operator settings leave it unset', () => {
    for (const { logicalId, env } of functionsWithPolicies(prod.templates.api).filter((f) => f.env.DEPLOYMENT === 'aws')) {
      expect(env.SELLER_LEGAL_NAME, logicalId).toBe(EXAMPLE_API_DOMAIN_CONTEXT.sellerLegalName);
      expect(JSON.parse(String(env.SELLER_ADDRESS)), logicalId).toEqual(EXAMPLE_API_DOMAIN_CONTEXT.sellerAddress);
    }
  });

  it('prod refuses to be configured without it; a dev stage may turn it off', () => {
    expect(() => parseStageConfig({ stage: 'prod', requireSecondFactor: 'false', ...EXAMPLE_API_DOMAIN_CONTEXT })).toThrow(/prod requires a second factor/);
    expect(parseStageConfig({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT }).requireSecondFactor).toBe(true);
    const devLogin = functionsWithPolicies(dev.templates.api).find((f) => f.fn.Properties.Description === 'POST /api/staff/login');
    expect(devLogin?.env.STAFF_SECOND_FACTOR).toBe('optional');
    expect(parseStageConfig({ stage: 'dev' }).requireSecondFactor).toBe(true);
  });
});
