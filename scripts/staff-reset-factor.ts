import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { TABLE_KEYS, TABLES } from '../functions/tables.ts';
import { DEPLOY_REGION, tableName } from '../infra/stage-config.ts';
import { runIfMain } from './cli.ts';
import { LOCAL_TABLE_PREFIX } from './local/runtime.ts';

/**
 * `npm run staff:reset-factor -- --stage prod --email owner@example.com --reason "lost phone and codes"`
 *
 * Break-glass for a locked-out owner (docs/deploy.md, "Break-glass"): removes the owner's second
 * factor and recovery codes and ends their sessions, with an audit entry naming the operator and
 * the reason (functions/data/staff-accounts.ts resetOwnerFactorByOperator). The password stays:
 * the owner signs in with it and, on prod, enrols a new authenticator app at that sign-in.
 *
 * Runs with the operator's AWS credentials (the default provider chain: AWS_PROFILE, environment,
 * SSO) against the stage's tables in us-east-1; needs dynamodb:GetItem, Query and
 * TransactWriteItems on the staff, sessions and audit tables. `--stage local` works against
 * DynamoDB Local (`--endpoint`, or DYNAMODB_ENDPOINT; the tables of `npm start`, or those of
 * `--table-prefix`).
 */

export interface ResetArgs {
  stage: 'dev' | 'prod' | 'local';
  email: string;
  reason: string;
  operator: string;
  endpoint?: string;
  tablePrefix?: string;
}

const USAGE =
  'Usage: npm run staff:reset-factor -- --stage prod|dev|local --email <owner address> --reason "<why>" [--operator <your name>] [--endpoint <DynamoDB Local URL>] [--table-prefix <local prefix>]';

/** The command line, checked: every mistake is one sentence with the usage. */
export function parseResetArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ResetArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      stage: { type: 'string' },
      email: { type: 'string' },
      reason: { type: 'string' },
      operator: { type: 'string' },
      endpoint: { type: 'string' },
      'table-prefix': { type: 'string' },
    },
    strict: true,
  });
  const stage = values.stage;
  if (stage !== 'dev' && stage !== 'prod' && stage !== 'local') throw new Error(`--stage must be prod, dev or local.\n${USAGE}`);
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`--email must be the owner's address.\n${USAGE}`);
  const reason = values.reason?.trim();
  if (!reason) throw new Error(`--reason is required: it goes into the audit trail.\n${USAGE}`);
  const operator = (values.operator ?? env.USER ?? userInfo().username).trim();
  if (!operator) throw new Error(`--operator is required: the audit entry names who ran this.\n${USAGE}`);
  const endpoint = values.endpoint ?? (stage === 'local' ? env.DYNAMODB_ENDPOINT : undefined);
  if (stage === 'local' && !endpoint) throw new Error(`--stage local needs --endpoint (the DynamoDB Local URL) or DYNAMODB_ENDPOINT.\n${USAGE}`);
  if (stage !== 'local' && (values.endpoint || values['table-prefix'])) throw new Error(`--endpoint and --table-prefix are for --stage local only.\n${USAGE}`);
  return { stage, email, reason, operator, endpoint, tablePrefix: values['table-prefix'] };
}

/** The environment the data modules read (functions/lib/config.ts): the stage's table names and the store to reach. */
export function resetEnvironment(args: ResetArgs, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = Object.fromEntries(
    TABLE_KEYS.map((k) => [TABLES[k].envVar, args.stage === 'local' ? `${args.tablePrefix ?? LOCAL_TABLE_PREFIX}-${k}` : tableName(args.stage, k)]),
  );
  return {
    ...names,
    DEPLOYMENT: args.stage === 'local' ? 'local' : 'aws',
    PAYMENT_MODE: 'live',
    // Read by the configuration, never used here: this command touches no document.
    DOCUMENTS_BUCKET: 'unused-by-staff-reset-factor',
    AWS_REGION: args.stage === 'local' ? (env.AWS_REGION ?? 'us-east-1') : DEPLOY_REGION,
    ...(args.endpoint ? { DYNAMODB_ENDPOINT: args.endpoint } : {}),
  };
}

export async function main(argv = process.argv.slice(2)): Promise<string> {
  const args = parseResetArgs(argv);
  Object.assign(process.env, resetEnvironment(args));
  // Imported after the environment is set: the data modules read it once.
  const { resetConfigForTests } = await import('../functions/lib/config.ts');
  resetConfigForTests();
  const { resetOwnerFactorByOperator } = await import('../functions/data/staff-accounts.ts');
  const done = await resetOwnerFactorByOperator({ email: args.email, operator: args.operator, reason: args.reason });
  const message = [
    `Reset the second factor of ${args.email} on ${args.stage}${done.hadFactor ? '' : ' (it had none)'}; ended ${done.sessionsEnded} session(s).`,
    `Audit entry: "Second factor reset by the operator (break-glass)" by operator:${args.operator}.`,
    'They sign in with their password now; where a second factor is required they add a new authenticator app at that sign-in and get new recovery codes.',
  ].join('\n');
  console.log(message);
  return message;
}

runIfMain(import.meta.url, async () => {
  await main();
});
