import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { runIfMain } from './cli.ts';
import { userSetting } from './config.ts';
import { type StageTarget, stageEnvironment, stageTarget, useStage } from './stage-tables.ts';

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

export interface ResetArgs extends StageTarget {
  email: string;
  reason: string;
  operator: string;
}

const USAGE =
  'Usage: npm run staff:reset-factor -- --stage prod|dev|local --email <owner address> --reason "<why>" [--operator <your name>] [--endpoint <DynamoDB Local URL>] [--table-prefix <local prefix>]';

/** The command line, checked: every mistake is one sentence with the usage. */
export function parseResetArgs(argv: string[], env?: NodeJS.ProcessEnv): ResetArgs {
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
  const target = stageTarget(values, USAGE, env);
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`--email must be the owner's address.\n${USAGE}`);
  const reason = values.reason?.trim();
  if (!reason) throw new Error(`--reason is required: it goes into the audit trail.\n${USAGE}`);
  const operator = (values.operator ?? userSetting(env) ?? userInfo().username).trim();
  if (!operator) throw new Error(`--operator is required: the audit entry names who ran this.\n${USAGE}`);
  return { ...target, email, reason, operator };
}

/** The environment the data modules read (functions/lib/config.ts): the stage's table names and the store to reach. */
export const resetEnvironment = (args: ResetArgs, env?: NodeJS.ProcessEnv) => stageEnvironment(args, env);

export async function main(argv = process.argv.slice(2)): Promise<string> {
  const args = parseResetArgs(argv);
  await useStage(args);
  // Imported after the environment is set: the data modules read it once.
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
