import { TABLE_KEYS, TABLES } from '../functions/tables.ts';
import { DEPLOY_REGION, tableName } from '../infra/stage-config.ts';
import { awsRegionSetting, dynamodbEndpointSetting, setEnvironment } from './config.ts';
import { LOCAL_TABLE_PREFIX } from './local/runtime.ts';

/**
 * The stage an operator's command acts on through the data modules (the break-glass reset, the
 * search index backfill): a deployed stage's tables with the operator's AWS credentials, or
 * DynamoDB Local's (`--endpoint`, or DYNAMODB_ENDPOINT; the tables of `npm start`, or those of
 * `--table-prefix`).
 */
export interface StageTarget {
  stage: 'dev' | 'prod' | 'local';
  endpoint?: string;
  tablePrefix?: string;
}

/** `--stage`, `--endpoint` and `--table-prefix` as parsed, checked: every mistake is one sentence with the usage. */
export function stageTarget(values: { stage?: string; endpoint?: string; 'table-prefix'?: string }, usage: string, env?: NodeJS.ProcessEnv): StageTarget {
  const stage = values.stage;
  if (stage !== 'dev' && stage !== 'prod' && stage !== 'local') throw new Error(`--stage must be prod, dev or local.\n${usage}`);
  const endpoint = values.endpoint ?? (stage === 'local' ? dynamodbEndpointSetting(env) : undefined);
  if (stage === 'local' && !endpoint) throw new Error(`--stage local needs --endpoint (the DynamoDB Local URL) or DYNAMODB_ENDPOINT.\n${usage}`);
  if (stage !== 'local' && (values.endpoint || values['table-prefix'])) throw new Error(`--endpoint and --table-prefix are for --stage local only.\n${usage}`);
  return { stage, endpoint, tablePrefix: values['table-prefix'] };
}

/** The environment the data modules read (functions/lib/config.ts): the stage's table names and the store to reach. */
export function stageEnvironment(target: StageTarget, env?: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.fromEntries(
    TABLE_KEYS.map((k) => [TABLES[k].envVar, target.stage === 'local' ? `${target.tablePrefix ?? LOCAL_TABLE_PREFIX}-${k}` : tableName(target.stage, k)]),
  );
  return {
    ...names,
    DEPLOYMENT: target.stage === 'local' ? 'local' : 'aws',
    PAYMENT_MODE: 'live',
    // Read by the configuration, never used here: these commands touch no document.
    DOCUMENTS_BUCKET: 'unused-by-operator-commands',
    AWS_REGION: target.stage === 'local' ? (awsRegionSetting(env) ?? 'us-east-1') : DEPLOY_REGION,
    ...(target.endpoint ? { DYNAMODB_ENDPOINT: target.endpoint } : {}),
  };
}

/** Points the data modules at the target's tables (they read the environment once, so this comes before they are used). */
export async function useStage(target: StageTarget): Promise<void> {
  setEnvironment(stageEnvironment(target));
  const { resetConfigForTests } = await import('../functions/lib/config.ts');
  resetConfigForTests();
}
