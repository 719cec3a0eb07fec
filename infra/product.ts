import type { App } from 'aws-cdk-lib';
import type { RouteDef } from '../functions/routes.ts';
import { BackupCopyStack, backupCopyStackName } from './backups.ts';
import { addNagChecks } from './nag.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { OperationsStack } from './stacks/operations-stack.ts';
import { SecretsStack } from './stacks/secrets-stack.ts';
import { WebStack } from './stacks/web-stack.ts';
import { type StageConfig, secretName, stackPrefix } from './stage-config.ts';

const CROSS_STACK_REFERENCES = '@aws-cdk/core:defaultCrossStackReferences';

export interface ProductStacks {
  data: DataStack;
  secrets: SecretsStack;
  api: ApiStack;
  web: WebStack;
  operations: OperationsStack;
  /** The copy vault in backupCopyRegion, when the config names one. */
  backupCopy?: BackupCopyStack;
}

export interface ProductOptions {
  /** The built SPA; defaults to frontend/dist. */
  siteAssetsPath?: string;
  /** The built functions (`npm run build:functions`); defaults to .build/functions. */
  functionsBuildDir?: string;
  /** Test only: routes synthesised as if functions/routes.ts had them (ApiStackProps.extraRoutes). */
  extraRoutes?: readonly RouteDef[];
}

/**
 * The whole product for one stage: Data -> Secrets -> Api -> Web -> Operations, with the
 * cdk-nag AwsSolutions checks on the app. Every stack is pinned to the stage's region
 * (us-east-1, where the CloudFront web ACL must live; docs/decisions/0100-waf-region.md) and
 * leaves the account to the operator's credentials, so synth needs no AWS access.
 */
export function buildProduct(app: App, config: StageConfig, options: ProductOptions = {}): ProductStacks {
  // Explicit, so CDK does not warn on every synth: the stacks import each other's outputs.
  if (app.node.tryGetContext(CROSS_STACK_REFERENCES) === undefined) app.node.setContext(CROSS_STACK_REFERENCES, 'strong');
  const prefix = stackPrefix(config);
  const tags = { project: 'creator-llc', stage: config.stage };
  const common = { config, tags, env: { region: config.region } };

  const data = new DataStack(app, `${prefix}-Data`, {
    ...common,
    description: 'Creator LLC: DynamoDB tables, the documents bucket and the KMS key for sealed tax ids',
  });
  const secrets = new SecretsStack(app, `${prefix}-Secrets`, {
    ...common,
    description: 'Creator LLC: Secrets Manager secrets (placeholders until set; the origin-verify value generated)',
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: 'Creator LLC: HTTP API, one Lambda function per route, the background jobs and SES sending',
    secrets: secrets.secrets,
    piiKey: data.piiKey,
    streamArns: data.streamArns,
    functionsBuildDir: options.functionsBuildDir,
    extraRoutes: options.extraRoutes,
  });
  // The API addresses tables and bucket by their fixed names, so the order is declared here.
  api.addStackDependency(data, 'functions read and write the tables and the documents bucket');
  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: 'Creator LLC: site bucket, CloudFront distribution and the SPA deployment',
    apiOriginDomain: api.originDomain,
    originVerifySecretName: secretName(config.stage, 'originVerify'),
    siteAssetsPath: options.siteAssetsPath,
    contentStreamArn: data.streamArns.content as string,
    operatorSettingsStreamArn: data.streamArns.operatorSettings as string,
    functionsBuildDir: options.functionsBuildDir,
  });
  // CloudFront reads the origin-verify secret by name at deploy, and the API must answer first.
  web.addStackDependency(secrets, 'the /api/* origin header resolves the originVerify secret');
  web.addStackDependency(api, 'the /api/* behaviour sends requests to the API');
  const operations = new OperationsStack(app, `${prefix}-Operations`, {
    ...common,
    description: 'Creator LLC: alarms, alarm topic, dashboard and the deployment outputs',
    httpApi: api.httpApi,
    apiUrl: api.apiUrl,
    functions: api.functions,
    failureQueues: api.failureQueues,
    tables: data.tables,
    siteUrl: web.siteUrl,
    jobFunctions: api.jobFunctions,
    sitePublisher: web.sitePublisher ? { function: web.sitePublisher.function, failures: web.sitePublisher.failures } : undefined,
  });
  // The backups' copy vault lives in its own region; the Operations stack's plan copies into it.
  const backupCopy = config.backupCopyRegion
    ? new BackupCopyStack(app, backupCopyStackName(config), {
        config,
        tags,
        env: { region: config.backupCopyRegion },
        description: `Creator LLC: the vault in ${config.backupCopyRegion} that receives a copy of each daily table backup`,
      })
    : undefined;
  if (backupCopy) operations.addStackDependency(backupCopy, 'the backup plan copies into its vault');
  addNagChecks(app);
  return { data, secrets, api, web, operations, ...(backupCopy ? { backupCopy } : {}) };
}
