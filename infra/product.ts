import type { App } from 'aws-cdk-lib';
import { addNagChecks } from './nag.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { OperationsStack } from './stacks/operations-stack.ts';
import { SecretsStack } from './stacks/secrets-stack.ts';
import { WebStack } from './stacks/web-stack.ts';
import { type StageConfig, stackPrefix } from './stage-config.ts';

const CROSS_STACK_REFERENCES = '@aws-cdk/core:defaultCrossStackReferences';

export interface ProductStacks {
  data: DataStack;
  secrets: SecretsStack;
  api: ApiStack;
  web: WebStack;
  operations: OperationsStack;
}

export interface ProductOptions {
  /** The built SPA; defaults to frontend/dist. */
  siteAssetsPath?: string;
}

/**
 * The whole product for one stage: Data -> Secrets -> Api -> Web -> Operations, with the
 * cdk-nag AwsSolutions checks on the app. Stacks are environment-agnostic (account and region
 * come from the operator's credentials at deploy time), so synth needs no AWS access.
 */
export function buildProduct(app: App, config: StageConfig, options: ProductOptions = {}): ProductStacks {
  // Explicit, so CDK does not warn on every synth: the stacks import each other's outputs.
  if (app.node.tryGetContext(CROSS_STACK_REFERENCES) === undefined) app.node.setContext(CROSS_STACK_REFERENCES, 'strong');
  const prefix = stackPrefix(config);
  const tags = { project: 'creator-llc', stage: config.stage };
  const common = { config, tags };

  const data = new DataStack(app, `${prefix}-Data`, { ...common, description: 'Creator LLC: DynamoDB tables and the documents bucket' });
  const secrets = new SecretsStack(app, `${prefix}-Secrets`, { ...common, description: 'Creator LLC: Secrets Manager secrets (placeholders until set)' });
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: 'Creator LLC: HTTP API and one Lambda function per route',
    secrets: secrets.secrets,
  });
  // The API addresses tables and bucket by their fixed names, so the order is declared here.
  api.addStackDependency(data, 'functions read and write the tables and the documents bucket');
  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: 'Creator LLC: site bucket, CloudFront distribution and the SPA deployment',
    httpApi: api.httpApi,
    siteAssetsPath: options.siteAssetsPath,
  });
  const operations = new OperationsStack(app, `${prefix}-Operations`, {
    ...common,
    description: 'Creator LLC: alarms, alarm topic and the deployment outputs',
    httpApi: api.httpApi,
    functions: api.functions,
    tables: data.tables,
    siteUrl: web.siteUrl,
  });
  addNagChecks(app);
  return { data, secrets, api, web, operations };
}
