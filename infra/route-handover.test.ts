import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute, type RouteDef, routeKey } from '../functions/routes.ts';
import { API_STACK_ROUTES, parkedRouteKey, routeGroup } from './stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { quotaOverruns, type StackTemplate, type SynthesisedProduct, synthProduct, type TemplateResource } from './test-support.ts';

/**
 * The move of the routes into their groups' nested stacks, on a stage deployed before it
 * (docs/decisions/0400-routes-live-in-their-group-stack.md, docs/deploy.md). An HTTP API holds one
 * route per key, and CloudFormation deletes a stack's removed resources only at the end of the
 * update, after the nested stacks created theirs. So the handover deploy (`-c routeHandover=true`)
 * keeps each old route under the logical id it was deployed with, on a parked key, and makes its
 * group wait for it.
 */

/** The Api stack's routes by key, with the logical ids they were deployed with before the move. */
const deployed = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'api-route-logical-ids.json'), 'utf8')) as {
  routes: Record<string, string>;
};
const staying = new Set<string>([...API_STACK_ROUTES, '$default']);
/** The deployed routes that move to a group (a route added since has no old route to park). */
const moving = Object.keys(deployed.routes).filter((key) => !staying.has(key) && findRoute(key) && routeGroup(findRoute(key) as RouteDef));

const context = {
  stage: 'prod',
  alarmEmail: 'ops@example.com',
  domainName: 'www.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
  ...EXAMPLE_API_DOMAIN_CONTEXT,
};
let plain: SynthesisedProduct;
let handover: SynthesisedProduct;
beforeAll(() => {
  plain = synthProduct(context);
  handover = synthProduct({ ...context, routeHandover: 'true' });
});
afterAll(() => {
  plain?.cleanup();
  handover?.cleanup();
});

const apiStack = (p: SynthesisedProduct) => p.stackTemplates.find((t) => t.name === 'CreatorLlc-prod-Api') as StackTemplate;
const resourcesOf = (t: StackTemplate) => (t.json.Resources ?? {}) as Record<string, TemplateResource>;
const routeKeysOf = (p: SynthesisedProduct) =>
  p.stackTemplates.flatMap((t) =>
    Object.values(resourcesOf(t))
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey as string),
  );

describe('a plain deploy', () => {
  it('keeps the routes that stay in the Api stack under the logical ids they were deployed with', () => {
    const own = resourcesOf(apiStack(plain));
    for (const key of staying) {
      expect(own[deployed.routes[key]]?.Type, key).toBe('AWS::ApiGatewayV2::Route');
      expect(own[deployed.routes[key]]?.Properties.RouteKey, key).toBe(key);
    }
  });

  it('has none of the moved routes in the Api stack: each is created in its group', () => {
    expect(moving.length).toBeGreaterThan(90);
    const own = resourcesOf(apiStack(plain));
    expect(moving.filter((key) => deployed.routes[key] in own)).toEqual([]);
  });
});

describe('the handover deploy (-c routeHandover=true)', () => {
  it('keeps each moved route under its deployed logical id, on its parked key, answered by the $default integration', () => {
    const own = resourcesOf(apiStack(handover));
    const fallback = Object.values(own).find((r) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === '$default');
    expect(fallback).toBeDefined();
    for (const key of moving) {
      const old = own[deployed.routes[key]];
      expect(old?.Type, key).toBe('AWS::ApiGatewayV2::Route');
      expect(old.Properties.RouteKey, key).toBe(parkedRouteKey(findRoute(key) as RouteDef));
      expect(old.Properties.RouteKey, key).toMatch(/^[A-Z]+ \/handover\/api\//);
      expect(old.Properties.Target, key).toEqual(fallback?.Properties.Target);
      expect(old.Properties.ApiId, key).toEqual(fallback?.Properties.ApiId);
    }
  });

  it("makes each group's nested stack wait for its parked routes, so the old key is free before the group creates it", () => {
    const api = handover.stacks.api;
    const own = resourcesOf(apiStack(handover));
    for (const key of moving) {
      const group = api.routeGroups.get(routeGroup(findRoute(key) as RouteDef) as string);
      expect(group?.routes.has(routeKey(findRoute(key) as RouteDef)), key).toBe(true);
      const nestedId = Stack.of(api).resolve(group?.nestedStackResource?.logicalId) as string;
      expect(own[nestedId]?.Type, key).toBe('AWS::CloudFormation::Stack');
      expect(own[nestedId].DependsOn ?? [], key).toContain(deployed.routes[key]);
    }
  });

  it('has every route key once, over all the stacks, and stays within 80% of each quota', () => {
    const keys = routeKeysOf(handover);
    expect(new Set(keys).size).toBe(keys.length);
    // The real routes are as in a plain deploy; the parked ones are extra.
    expect(keys.filter((k) => !k.includes(' /handover/')).sort()).toEqual(routeKeysOf(plain).sort());
    expect(quotaOverruns(handover.stackTemplates)).toEqual([]);
  });

  it('changes nothing else: every other resource of every stack is as in a plain deploy', () => {
    const parked = new Set(moving.map((key) => deployed.routes[key]));
    for (const t of plain.stackTemplates) {
      const other = handover.stackTemplates.find((h) => h.name === t.name) as StackTemplate;
      const ids = Object.keys(resourcesOf(other)).filter((id) => !parked.has(id));
      expect(ids.sort(), t.name).toEqual(Object.keys(resourcesOf(t)).sort());
    }
  });
});
