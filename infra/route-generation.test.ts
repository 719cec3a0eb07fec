import { afterAll, beforeAll, it } from 'vitest';
import { ROUTES, type RouteDef } from '../functions/routes.ts';
import { type SynthesisedProduct, synthProduct } from './test-support.ts';

// A route that exists only in this test: the stack must pick it up from the table alone.
const extraRoute: RouteDef = {
  method: 'GET',
  path: '/api/route-generation-probe',
  handler: 'states/list',
  access: 'staff',
  tables: { sessions: 'read', tickets: 'read' },
  memoryMb: 768,
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
  product.templates.api.resourceCountIs('AWS::Lambda::Function', table.length + 2);
  product.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/route-generation-probe' });
  product.templates.api.hasResourceProperties('AWS::Lambda::Function', { Description: 'GET /api/route-generation-probe', MemorySize: 768 });
});
