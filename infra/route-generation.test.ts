import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { ROUTES, type RouteDef } from '../functions/routes.ts';
import { KMS_ACTIONS } from './stacks/api-stack.ts';
import { functionsWithPolicies, type SynthesisedProduct, statementsFor, synthProduct } from './test-support.ts';

// A route that exists only in this test: the stack must pick it up from the table alone.
const extraRoute: RouteDef = {
  method: 'GET',
  path: '/api/route-generation-probe',
  handler: 'states/list',
  access: 'staff',
  tables: { sessions: 'read', tickets: 'read' },
  memoryMb: 768,
  kms: 'decrypt',
};
const table = ROUTES as unknown as RouteDef[];
let product: SynthesisedProduct;

beforeAll(() => {
  table.push(extraRoute);
  try {
    product = synthProduct({ stage: 'dev' });
  } finally {
    table.splice(table.indexOf(extraRoute), 1);
  }
}, 120_000);
afterAll(() => product?.cleanup());

it('adds a Lambda function and an API route for a new route-table entry with no infra change', () => {
  product.templates.api.resourceCountIs('AWS::Lambda::Function', table.length + 2 + Object.keys(JOBS).length);
  product.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/route-generation-probe' });
  product.templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'GET /api/route-generation-probe', MemorySize: 768 });
});

it('lets the new route use the PII key as it declares, and it alone of the routes that do not', () => {
  const declaring = new Set([...table, extraRoute].filter((r) => r.kms).map((r) => `${r.method} ${r.path}`));
  for (const { fn, statements, env } of functionsWithPolicies(product.templates.api)) {
    const kms = statementsFor(statements, 'kms:');
    if (fn.Properties.Description === 'GET /api/route-generation-probe') {
      expect(kms).toHaveLength(1);
      expect([kms[0].Action].flat().sort()).toEqual([...KMS_ACTIONS.decrypt].sort());
      expect(JSON.stringify(kms[0].Resource)).toMatch(/ImportValue.*PiiKey.*Arn/);
      expect(env.KMS_KEY_ID).toEqual(kms[0].Resource);
    } else if (!declaring.has(fn.Properties.Description)) {
      expect(kms).toEqual([]);
      expect(env).not.toHaveProperty('KMS_KEY_ID');
    }
  }
});
