import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef, routeKey } from '../functions/routes.ts';
import { API_STACK_ROUTES, routeGroup, routeGroupConstructId } from './stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { quotaOverruns, quotaUse, type StackTemplate, type SynthesisedProduct, synthProduct } from './test-support.ts';

/**
 * Room for the routes not written yet (docs/decisions/0400-routes-live-in-their-group-stack.md):
 * each route lives in its group's nested stack, so the Api stack holds only what is shared and one
 * resource per group. The prod stage is synthesised as it is and with SYNTHETIC_ROUTES more routes
 * (a test-only parameter of the stack, ProductOptions.extraRoutes; the contract is not touched),
 * and every template of it must stay within 80% of each CloudFormation quota.
 */
const SYNTHETIC_ROUTES = 150;
/** Of those, how many join the existing route groups (round robin over their folders); the rest make new groups. */
const INTO_EXISTING_GROUPS = 30;
/** Routes per new folder under functions/handlers/: about the staff-support group's size today. */
const ROUTES_PER_NEW_GROUP = 15;
/** The most the Api stack itself may hold with today's routes: the rest of its 400 is for shared resources to come. */
const API_STACK_RESOURCES_TODAY = 150;

const existingGroups = [...new Set(ROUTES.map(routeGroup).filter((g): g is string => g !== undefined))];

/**
 * Routes shaped like the heaviest of today's (a staff route reading and writing several tables, the
 * audit trail, and for some the documents bucket and the tax-id key), so the templates grow as
 * they would with real ones.
 */
function syntheticRoutes(count: number): RouteDef[] {
  return Array.from({ length: count }, (_, i): RouteDef => {
    const n = String(i + 1).padStart(3, '0');
    const folder =
      i < INTO_EXISTING_GROUPS
        ? existingGroups[i % existingGroups.length]
        : `headroom-${String(Math.floor((i - INTO_EXISTING_GROUPS) / ROUTES_PER_NEW_GROUP) + 1).padStart(2, '0')}`;
    return {
      method: (['GET', 'POST', 'PATCH', 'DELETE'] as const)[i % 4],
      path: `/api/headroom/${folder}/items-${n}/{id}`,
      handler: `${folder}/headroom-${n}`,
      access: 'staff',
      role: 'processor',
      tables: { applications: 'write', sessions: 'read', audit: 'append', searchIndex: 'write' },
      ...(i % 3 === 0 ? { bucket: 'write' as const } : {}),
      ...(i % 5 === 0 ? { kms: 'decrypt' as const } : {}),
    };
  });
}

const prodContext = {
  stage: 'prod',
  alarmEmail: 'ops@example.com',
  domainName: 'www.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
  ...EXAMPLE_API_DOMAIN_CONTEXT,
};
const extra = syntheticRoutes(SYNTHETIC_ROUTES);
const newGroups = new Set(extra.map(routeGroup).filter((g): g is string => g !== undefined && !existingGroups.includes(g)));

let today: SynthesisedProduct;
let grown: SynthesisedProduct;
beforeAll(() => {
  today = synthProduct(prodContext);
  grown = synthProduct(prodContext, { extraRoutes: extra });
});
afterAll(() => {
  today?.cleanup();
  grown?.cleanup();
});

const apiStack = (p: SynthesisedProduct): StackTemplate => p.stackTemplates.find((t) => t.name === 'CreatorLlc-prod-Api') as StackTemplate;
const typesOf = (t: StackTemplate) => Object.values(t.json.Resources ?? {}).map((r) => (r as { Type: string }).Type);

describe('prod stage with 150 more routes', () => {
  it('keeps every stack, the Api stack and each route group included, within 80% of each CloudFormation quota', () => {
    expect(grown.stackTemplates.length).toBe(today.stackTemplates.length + newGroups.size);
    expect(quotaOverruns(grown.stackTemplates)).toEqual([]);
  });

  it('grows the Api stack by one resource per new route group and by none per route', () => {
    expect(newGroups.size).toBe(Math.ceil((SYNTHETIC_ROUTES - INTO_EXISTING_GROUPS) / ROUTES_PER_NEW_GROUP));
    expect(quotaUse(apiStack(grown)).resources).toBe(quotaUse(apiStack(today)).resources + newGroups.size);
    expect(quotaUse(apiStack(grown)).resources).toBeLessThanOrEqual(API_STACK_RESOURCES_TODAY);
    const routesHere = typesOf(apiStack(grown)).filter((t) => t === 'AWS::ApiGatewayV2::Route').length;
    expect(routesHere).toBe(API_STACK_ROUTES.length + 1);
  });

  it("puts each new route, its integration and its invoke permission in its folder's group", () => {
    for (const route of extra) {
      const group = grown.stacks.api.routeGroups.get(routeGroup(route) as string);
      expect(group?.node.id, routeKey(route)).toBe(routeGroupConstructId(routeGroup(route) as string));
      expect(group?.routes.get(routeKey(route))?.definition, routeKey(route)).toBe(route);
    }
    for (const group of newGroups) {
      const nested = grown.stackTemplates.find((t) => t.name === `CreatorLlc-prod-Api/${routeGroupConstructId(group)}`) as StackTemplate;
      const count = (type: string) => typesOf(nested).filter((t) => t === type).length;
      const routes = extra.filter((r) => routeGroup(r) === group).length;
      expect([count('AWS::ApiGatewayV2::Route'), count('AWS::ApiGatewayV2::Integration'), count('AWS::Lambda::Permission')], group).toEqual([
        routes,
        routes,
        routes,
      ]);
    }
  });
});

describe('prod stage as it is', () => {
  it(`keeps the Api stack at ${API_STACK_RESOURCES_TODAY} resources or fewer`, () => {
    expect(quotaUse(apiStack(today)).resources).toBeLessThanOrEqual(API_STACK_RESOURCES_TODAY);
  });
});
