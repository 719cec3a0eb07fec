import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/routes.ts';
import { API_STACK_ROUTES, routeGroup } from './stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { type SynthesisedProduct, synthProduct } from './test-support.ts';

/**
 * Room to grow (docs/decisions/0250-api-split-by-route-group.md): no stack of either stage, a
 * route group's nested stack included, passes 80% of a CloudFormation quota; and an existing
 * stage updates in place: every table, bucket, secret and key keeps the logical id it was
 * deployed with, and every value the Data and Secrets stacks export stays exported.
 */

/** CloudFormation's per-template quotas (docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html). */
export const CLOUDFORMATION_QUOTAS = {
  resources: 500,
  templateBytes: 1_000_000,
  outputs: 200,
  parameters: 200,
  mappings: 200,
} as const;
/** The share of a quota a stack may use: what is left is room for the next routes. */
export const QUOTA_HEADROOM = 0.8;

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
    const over: string[] = [];
    for (const t of products[stage].stackTemplates) {
      const used = {
        resources: Object.keys(t.json.Resources ?? {}).length,
        templateBytes: t.bytes,
        outputs: Object.keys(t.json.Outputs ?? {}).length,
        parameters: Object.keys(t.json.Parameters ?? {}).length,
        mappings: Object.keys(t.json.Mappings ?? {}).length,
      };
      for (const [quota, limit] of Object.entries(CLOUDFORMATION_QUOTAS) as [keyof typeof CLOUDFORMATION_QUOTAS, number][]) {
        if (used[quota] > limit * QUOTA_HEADROOM) over.push(`${t.name}: ${quota} ${used[quota]} of ${limit}`);
      }
    }
    expect(over).toEqual([]);
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

  it('keeps the routes and integrations in the Api stack, and each invoke permission with its function', () => {
    const own = products.dev.stackTemplates.find((t) => t.name === 'CreatorLlc-dev-Api')?.json.Resources as Record<string, Resource>;
    const count = (type: string) => Object.values(own).filter((r) => r.Type === type).length;
    expect(count('AWS::ApiGatewayV2::Route')).toBe(ROUTES.length + 1);
    expect(count('AWS::ApiGatewayV2::Integration')).toBe(ROUTES.length + 1);
    // API Gateway's permissions left in the Api stack: the routes whose function is there, and $default.
    const apiInvokes = Object.values(own).filter((r) => r.Type === 'AWS::Lambda::Permission' && r.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiInvokes.length).toBe(API_STACK_ROUTES.length + 1);
    let grouped = 0;
    for (const nested of products.dev.stackTemplates.filter((t) => t.name.startsWith('CreatorLlc-dev-Api/'))) {
      const resources = Object.values(nested.json.Resources as Record<string, Resource>);
      const types = new Set(resources.map((r) => r.Type));
      // Each function with its published version and live alias (npm run rollback), and its invoke permission.
      expect([...types].sort(), nested.name).toEqual([
        'AWS::IAM::Policy',
        'AWS::IAM::Role',
        'AWS::Lambda::Alias',
        'AWS::Lambda::Function',
        'AWS::Lambda::Permission',
        'AWS::Lambda::Version',
        'AWS::Logs::LogGroup',
      ]);
      const permissions = resources.filter((r) => r.Type === 'AWS::Lambda::Permission');
      const aliases = resources.filter((r) => r.Type === 'AWS::Lambda::Alias');
      expect(permissions.length, nested.name).toBe(aliases.length);
      for (const p of permissions) {
        expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
        expect(p.Properties.Action).toBe('lambda:InvokeFunction');
        // Scoped to the one API (a parameter the Api stack passes in) and the route's path.
        expect(JSON.stringify(p.Properties.SourceArn), nested.name).toMatch(/:execute-api:.*"Ref":"[^"]*HttpApi[^"]*".*\/\*\/\*\/api\//);
      }
      grouped += permissions.length;
    }
    expect(grouped).toBe(ROUTES.length - API_STACK_ROUTES.length);
  });
});
