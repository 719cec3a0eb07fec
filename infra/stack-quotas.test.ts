import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../functions/routes.ts';
import { API_STACK_ROUTES, routeGroup } from './stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { quotaOverruns, type SynthesisedProduct, synthProduct } from './test-support.ts';

/**
 * Room to grow (docs/decisions/0250-api-split-by-route-group.md, 0400): no stack of either stage, a
 * route group's nested stack included, passes 80% of a CloudFormation quota; and an existing
 * stage updates in place: every table, bucket, secret and key keeps the logical id it was
 * deployed with, and every value the Data and Secrets stacks export stays exported.
 */

type Resource = { Type: string; Properties: Record<string, any> };

const contexts = {
  dev: { stage: 'dev' },
  prod: {
    stage: 'prod',
    alarmEmail: 'ops@example.com',
    domainName: 'www.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    ...EXAMPLE_API_DOMAIN_CONTEXT,
  },
} as const;
type StageName = keyof typeof contexts;

const products = {} as Record<StageName, SynthesisedProduct>;
beforeAll(() => {
  for (const stage of Object.keys(contexts) as StageName[]) products[stage] = synthProduct(contexts[stage]);
});
afterAll(() => {
  for (const p of Object.values(products)) p?.cleanup();
});

/** Today's logical ids and exports of the stateful stacks, captured from the deployed layout before the API was split. */
type StatefulFixture = Record<`${StageName}/${'data' | 'secrets'}`, { resources: Record<string, string>; exports: string[] }>;
const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'stateful-logical-ids.json'), 'utf8')) as StatefulFixture;

describe.each(Object.keys(contexts) as StageName[])('%s stage: CloudFormation quotas', (stage) => {
  it('every stack, nested ones included, stays within 80% of each quota', () => {
    expect(quotaOverruns(products[stage].stackTemplates)).toEqual([]);
  });

  it('reads every template of the assembly: the Api stack and one nested stack per route group', () => {
    const names = products[stage].stackTemplates.map((t) => t.name);
    const prefix = `CreatorLlc-${stage}`;
    for (const stack of ['Data', 'Secrets', 'Api', 'Web', 'Operations']) expect(names).toContain(`${prefix}-${stack}`);
    const groups = new Set(ROUTES.map((r) => routeGroup(r)).filter((g) => g !== undefined));
    expect(names.filter((n) => n.startsWith(`${prefix}-Api/`)).length).toBe(groups.size);
    expect(products[stage].stacks.api.routeGroups.size).toBe(groups.size);
  });
});

describe.each(Object.keys(contexts) as StageName[])('%s stage: an existing stage updates in place', (stage) => {
  it.each(['data', 'secrets'] as const)('the %s stack keeps every logical id and type it was deployed with', (stack) => {
    const today = products[stage].templates[stack].toJSON().Resources as Record<string, { Type: string }>;
    const changed = Object.entries(fixture[`${stage}/${stack}`].resources).filter(([id, type]) => today[id]?.Type !== type);
    expect(changed.map(([id, type]) => `${id} (${type})`)).toEqual([]);
  });

  it.each(['data', 'secrets'] as const)('the %s stack still exports every value it exported (an import elsewhere would block the update)', (stack) => {
    const outputs = Object.values(products[stage].templates[stack].toJSON().Outputs ?? {}) as { Export?: { Name: string } }[];
    const exported = new Set(outputs.flatMap((o) => (o.Export ? [o.Export.Name] : [])));
    expect(fixture[`${stage}/${stack}`].exports.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('the functions other stacks reference stay in the Api stack: the export the Operations stack imports keeps its name', () => {
    const api = products[stage].stacks.api;
    const apiOutputs = Object.keys(products[stage].templates.api.toJSON().Outputs ?? {});
    for (const key of API_STACK_ROUTES) {
      const fn = api.functions.get(key);
      expect(fn && api.node.children.includes(fn), key).toBe(true);
    }
    // Named after the webhook function's logical id in the Api stack, as deployed before the split.
    expect(apiOutputs.some((o) => o.startsWith('ExportsOutputRefPostWebhookStripeB74D5D58'))).toBe(true);
    expect(apiOutputs.some((o) => o.startsWith('ExportsOutputFnGetAttOutboxSenderJobFailures964F783EQueueName'))).toBe(true);
  });
});

describe('route groups', () => {
  it('puts each route function in the nested stack of its handler folder, and only there', () => {
    const api = products.dev.stacks.api;
    for (const route of ROUTES) {
      const group = routeGroup(route);
      const key = `${route.method} ${route.path}` as const;
      if (group === undefined) continue;
      expect(route.handler.startsWith(`${group}/`), key).toBe(true);
      expect(api.routeGroups.get(group)?.functions.get(key), key).toBe(api.functions.get(key));
    }
  });

  it('puts each route with its integration and invoke permission in its group; the Api stack keeps only the shared ones', () => {
    const own = products.dev.stackTemplates.find((t) => t.name === 'CreatorLlc-dev-Api')?.json.Resources as Record<string, Resource>;
    const count = (type: string) => Object.values(own).filter((r) => r.Type === type).length;
    // Here: the routes whose function is here (API_STACK_ROUTES), and $default.
    expect(count('AWS::ApiGatewayV2::Route')).toBe(API_STACK_ROUTES.length + 1);
    expect(count('AWS::ApiGatewayV2::Integration')).toBe(API_STACK_ROUTES.length + 1);
    const apiInvokes = Object.values(own).filter((r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiInvokes.length).toBe(API_STACK_ROUTES.length + 1);
    let grouped = 0;
    for (const nested of products.dev.stackTemplates.filter((t) => t.name.startsWith('CreatorLlc-dev-Api/'))) {
      const resources = Object.values(nested.json.Resources as Record<string, Resource>);
      const types = new Set(resources.map((r) => r.Type));
      // Each function with its published version and live alias (npm run rollback), its invoke permission, its route and integration.
      expect([...types].sort(), nested.name).toEqual([
        'AWS::ApiGatewayV2::Integration',
        'AWS::ApiGatewayV2::Route',
        'AWS::IAM::Policy',
        'AWS::IAM::Role',
        'AWS::Lambda::Alias',
        'AWS::Lambda::Function',
        'AWS::Lambda::Permission',
        'AWS::Lambda::Version',
        'AWS::Logs::LogGroup',
      ]);
      const of = (type: string) => resources.filter((r) => r.Type === type);
      const aliases = of('AWS::Lambda::Alias');
      expect([of('AWS::Lambda::Permission').length, of('AWS::ApiGatewayV2::Route').length, of('AWS::ApiGatewayV2::Integration').length], nested.name).toEqual([
        aliases.length,
        aliases.length,
        aliases.length,
      ]);
      for (const p of of('AWS::Lambda::Permission')) {
        expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
        expect(p.Properties.Action).toBe('lambda:InvokeFunction');
        // Scoped to the one API (a parameter the Api stack passes in) and the route's path.
        expect(JSON.stringify(p.Properties.SourceArn), nested.name).toMatch(/:execute-api:.*"Ref":"[^"]*HttpApi[^"]*".*\/\*\/\*\/api\//);
      }
      // Attached to the Api stack's one HTTP API, whose id is the nested stack's parameter.
      const apiIds = new Set([...of('AWS::ApiGatewayV2::Route'), ...of('AWS::ApiGatewayV2::Integration')].map((r) => JSON.stringify(r.Properties.ApiId)));
      expect([...apiIds], nested.name).toHaveLength(1);
      expect([...apiIds][0], nested.name).toMatch(/^\{"Ref":"[^"]*HttpApi[^"]*"\}$/);
      // Each integration invokes an alias of this stack (the route's live alias), not another stack's output.
      for (const i of of('AWS::ApiGatewayV2::Integration'))
        expect(JSON.stringify(i.Properties.IntegrationUri), nested.name).toMatch(/^\{"Ref":"[^"]*Live[^"]*"\}$/);
      grouped += aliases.length;
    }
    expect(grouped).toBe(ROUTES.length - API_STACK_ROUTES.length);
  });

  it.each(['dev', 'prod'] as const)('%s: every route key is in the API once, over all its stacks', (stage) => {
    const keys = products[stage].stackTemplates.flatMap((t) =>
      Object.values((t.json.Resources ?? {}) as Record<string, Resource>)
        .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
        .map((r) => r.Properties.RouteKey as string),
    );
    expect(keys.length).toBe(ROUTES.length + 1);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(new Set([...ROUTES.map(routeKey), '$default']));
  });
});
