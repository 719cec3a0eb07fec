import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { RouteDef } from '../functions/routes.ts';
import { functionCodeDir, functionSources, routeFunctionName } from './lambda-bundle.ts';
import { buildProduct, type ProductStacks } from './product.ts';
import { parseStageConfig } from './stage-config.ts';

/** One CloudFormation template of the assembly, as CDK wrote it (a nested stack's included). */
export interface StackTemplate {
  /** The stack's name, or for a nested stack its parent's name and its construct id (`CreatorLlc-dev-Api/StaffRoutes`). */
  name: string;
  json: { Resources?: Record<string, unknown>; Outputs?: Record<string, unknown>; Parameters?: Record<string, unknown>; Mappings?: Record<string, unknown> };
  /** Bytes of the template file CDK wrote (what CloudFormation receives). */
  bytes: number;
}

export interface SynthesisedProduct {
  stacks: ProductStacks;
  /**
   * Each stack's template. `api` is the whole API: the Api stack's own resources and those of its
   * route groups' nested stacks, merged (outputs and parameters are the Api stack's).
   */
  templates: Record<keyof ProductStacks, Template>;
  /** Every template of the assembly, top-level and nested, for the CloudFormation quotas. */
  stackTemplates: StackTemplate[];
  /** Removes the temporary cloud assembly and site folder. */
  cleanup(): void;
}

export interface SynthOptions {
  /** Routes synthesised as if the route table had them, each with a stand-in built function (ProductOptions.extraRoutes). */
  extraRoutes?: readonly RouteDef[];
}

/**
 * Synthesises the whole product for tests: bundling and asset staging skipped (STACK.md), a
 * throwaway built site and functions build, the cloud assembly in a temp dir. app.synth() runs
 * the cdk-nag checks, so any unacknowledged finding throws here.
 */
export function synthProduct(context: Record<string, unknown>, options: SynthOptions = {}): SynthesisedProduct {
  const root = mkdtempSync(join(tmpdir(), 'creator-llc-cdk-'));
  const site = join(root, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(join(site, 'app.html'), '<!doctype html><title>test</title><div id="root"></div>');
  writeFileSync(join(site, 'assets', 'index-abc123.js'), 'export {};');
  // A folder per function where the build would put it (the functions' own build is tested in
  // infra/lambda-bundle.test.ts; here only the stacks are).
  const functionsBuild = join(root, 'functions');
  const extraFunctions = (options.extraRoutes ?? []).map((r) => ({ name: routeFunctionName(r.handler) }));
  for (const { name } of [...functionSources(), ...extraFunctions]) {
    mkdirSync(functionCodeDir(name, functionsBuild), { recursive: true });
    writeFileSync(join(functionCodeDir(name, functionsBuild), 'index.mjs'), `export const handler = async () => ${JSON.stringify(name)};\n`);
  }
  try {
    const app = new App({
      outdir: join(root, 'cdk.out'),
      context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true },
    });
    const stacks = buildProduct(app, parseStageConfig(context), { siteAssetsPath: site, functionsBuildDir: functionsBuild, extraRoutes: options.extraRoutes });
    const assembly = app.synth();
    const stackTemplates: StackTemplate[] = [];
    const read = (name: string, file: string): StackTemplate => {
      const path = join(assembly.directory, file);
      const t = { name, json: JSON.parse(readFileSync(path, 'utf8')), bytes: statSync(path).size };
      stackTemplates.push(t);
      return t;
    };
    const templates = Object.fromEntries(
      Object.entries(stacks).map(([key, stack]) => {
        const own = read(stack.stackName, assembly.getStackByName(stack.stackName).templateFile).json;
        const nested = key === 'api' ? [...stacks.api.routeGroups.values()].map((n) => read(`${stack.stackName}/${n.node.id}`, n.templateFile).json) : [];
        return [key, Template.fromJSON(nested.length ? mergeResources(own, nested) : own)];
      }),
    ) as Record<keyof ProductStacks, Template>;
    return { stacks, templates, stackTemplates, cleanup: () => rmSync(root, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

/** A stack's template with its nested stacks' resources added (a logical id in two of them is an error). */
function mergeResources(own: StackTemplate['json'], nested: StackTemplate['json'][]): StackTemplate['json'] {
  const resources: Record<string, unknown> = { ...own.Resources };
  for (const t of nested) {
    for (const [id, r] of Object.entries(t.Resources ?? {})) {
      if (id in resources) throw new Error(`Logical id ${id} is in the Api stack and one of its nested stacks`);
      resources[id] = r;
    }
  }
  return { ...own, Resources: resources };
}

export type TemplateResource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string[];
};
export type PolicyStatementJson = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: Record<string, unknown> };

/** Every Lambda function of a template with its role's inline policy statements and its environment. */
export function functionsWithPolicies(template: Template) {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as TemplateResource[];
  return Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, TemplateResource>).map(([logicalId, fn]) => {
    const role = fn.Properties.Role?.['Fn::GetAtt']?.[0] as string | undefined;
    const statements = policies
      .filter((p) => p.Properties.Roles?.some((r: { Ref: string }) => r.Ref === role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
    return { logicalId, fn, statements, env: (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown> };
  });
}

/** The statements of a list that allow any action starting with `prefix` (e.g. `kms:`). */
export function statementsFor(statements: PolicyStatementJson[], prefix: string): PolicyStatementJson[] {
  return statements.filter((s) => [s.Action].flat().some((a) => a.startsWith(prefix) || a === '*'));
}

/**
 * The logical id of a function's `live` alias (LIVE_ALIAS, infra/stacks/api-stack.ts), what its
 * route, schedule, stream or topic invokes; fails when the function has none or several.
 */
export function liveAliasOf(template: Template, functionLogicalId: string): string {
  const aliases = Object.entries(template.findResources('AWS::Lambda::Alias') as Record<string, TemplateResource>).filter(
    ([, a]) => a.Properties.Name === 'live' && a.Properties.FunctionName?.Ref === functionLogicalId,
  );
  if (aliases.length !== 1) throw new Error(`${functionLogicalId} has ${aliases.length} live aliases`);
  return aliases[0][0];
}

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

/** What one template uses of each quota. */
export function quotaUse(t: StackTemplate): Record<keyof typeof CLOUDFORMATION_QUOTAS, number> {
  return {
    resources: Object.keys(t.json.Resources ?? {}).length,
    templateBytes: t.bytes,
    outputs: Object.keys(t.json.Outputs ?? {}).length,
    parameters: Object.keys(t.json.Parameters ?? {}).length,
    mappings: Object.keys(t.json.Mappings ?? {}).length,
  };
}

/** Every quota a template uses more than QUOTA_HEADROOM of, as `<stack>: <quota> <used> of <limit>`. */
export function quotaOverruns(templates: readonly StackTemplate[]): string[] {
  const over: string[] = [];
  for (const t of templates) {
    const used = quotaUse(t);
    for (const [quota, limit] of Object.entries(CLOUDFORMATION_QUOTAS) as [keyof typeof CLOUDFORMATION_QUOTAS, number][]) {
      if (used[quota] > limit * QUOTA_HEADROOM) over.push(`${t.name}: ${quota} ${used[quota]} of ${limit}`);
    }
  }
  return over;
}
