import { readFileSync } from 'node:fs';
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { hashPassword } from '../functions/lib/password.ts';
import { GENERATED_SECRET_KEYS, OPERATOR_SECRET_KEYS, SECRET_KEYS, SECRETS, type SecretKey } from '../functions/secrets-catalog.ts';
import { DEPLOY_REGION, readConfigFile, secretName, stageConfigPath } from '../infra/stage-config.ts';
import { runIfMain } from './cli.ts';
import { secretFromEnvironment } from './config.ts';

/**
 * `npm run secrets:set -- --stage prod [--only stripeSecretKey,stripeWebhookSecret] [--from-env] [--dry-run]`
 *
 * Stores the deployed stage's secrets in Secrets Manager (the stack creates them as placeholders).
 * Each value comes from its environment variable (see functions/secrets-catalog.ts; the staff
 * password from STAFF_PASSWORD) or, in a terminal, from a prompt with hidden input. Values are
 * checked before anything is written; the staff password is stored only as its scrypt hash.
 * JSON credentials may be given as `@path/to/file.json`. An empty answer keeps the current value.
 * Secrets the stack generates (originVerify) are not set here. The stage lives in us-east-1
 * (infra/stage-config.ts), so that is the default region.
 */

export const STAFF_PASSWORD_ENV = 'STAFF_PASSWORD';
export const MIN_STAFF_PASSWORD_LENGTH = 12;

/** Field names listed in a catalog description such as 'Klarna JSON: {"username","password"}'. */
export function jsonFields(key: SecretKey): string[] | undefined {
  const match = SECRETS[key].description.match(/JSON: \{(.+)\}/);
  return match ? [...match[1].matchAll(/"(\w+)"/g)].map((m) => m[1]) : undefined;
}

const checks: Partial<Record<SecretKey, z.ZodType<string>>> = {
  stripeSecretKey: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'a Stripe secret key starts with sk_live_ or sk_test_ (or a restricted rk_ key)'),
  stripeWebhookSecret: z.string().regex(/^whsec_[\w+/=]+$/, 'a Stripe webhook signing secret starts with whsec_'),
  crmWebhookUrl: z.url({ protocol: /^https$/, error: 'the CRM webhook must be an https:// URL' }),
};

/**
 * Turns what the operator typed into the value to store, or throws a plain-English error.
 * `@file` reads the value from a file. The staff password becomes its scrypt hash.
 */
export async function prepareSecretValue(key: SecretKey, input: string): Promise<string> {
  let raw = input.trim();
  if (raw.startsWith('@')) raw = readFileSync(raw.slice(1), 'utf8').trim();
  if (!raw) throw new Error(`${key}: no value given`);

  if (key === 'staffPasswordHash') {
    if (raw.startsWith('scrypt$')) return raw;
    if (raw.length < MIN_STAFF_PASSWORD_LENGTH) throw new Error(`${key}: the staff password needs at least ${MIN_STAFF_PASSWORD_LENGTH} characters`);
    return hashPassword(raw);
  }
  const fields = jsonFields(key);
  if (fields) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`${key}: not valid JSON (expected an object with ${fields.join(', ')})`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${key}: expected a JSON object with ${fields.join(', ')}`);
    const missing = fields.filter((f) => (parsed as Record<string, unknown>)[f] === undefined || (parsed as Record<string, unknown>)[f] === '');
    if (missing.length) throw new Error(`${key}: missing ${missing.join(', ')}`);
    return JSON.stringify(parsed);
  }
  const check = checks[key];
  if (check) {
    const result = check.safeParse(raw);
    if (!result.success) throw new Error(`${key}: ${result.error.issues[0].message}`);
  }
  return raw;
}

/** `live` or `test`, from a Stripe key's prefix (sk_live_, rk_test_, pk_live_, ...). */
export function stripeKeyMode(key: string): 'live' | 'test' | undefined {
  return /^(?:sk|rk|pk)_(live|test)_/.exec(key)?.[1] as 'live' | 'test' | undefined;
}

/**
 * Refuses a Stripe secret key that cannot work with the stage: a test key on prod (no charge would
 * be real), or a key whose mode differs from the publishable key in config/<stage>.json (the
 * browser would confirm payments in the other mode, and every one would fail).
 */
export function checkStripeSecretKey(stage: SecretsSetOptions['stage'], secretKey: string, publishableKey: string | undefined): void {
  const mode = stripeKeyMode(secretKey);
  if (stage === 'prod' && mode === 'test') {
    throw new Error('stripeSecretKey: a test key (sk_test_/rk_test_) on prod would take no real payment; store the live key (sk_live_...).');
  }
  const publishableMode = publishableKey ? stripeKeyMode(publishableKey) : undefined;
  if (mode && publishableMode && mode !== publishableMode) {
    throw new Error(
      `stripeSecretKey: a ${mode} key, but the publishable key in config/${stage}.json is a ${publishableMode} key; both must come from the same Stripe mode.`,
    );
  }
}

export interface SecretsSetOptions {
  stage: 'dev' | 'prod';
  only: SecretKey[];
  fromEnv: boolean;
  dryRun: boolean;
  region: string;
}

export function parseArgs(argv: string[]): SecretsSetOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const known = new Set(['--stage', '--only', '--from-env', '--dry-run', '--region']);
  const unknown = argv.filter((a, i) => a.startsWith('--') && !known.has(a) && !known.has(argv[i - 1]));
  if (unknown.length) throw new Error(`Unknown option ${unknown[0]}. Options: --stage dev|prod, --only key1,key2, --from-env, --dry-run, --region <region>`);
  const stage = value('--stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') throw new Error(`--stage must be dev or prod, not "${stage}"`);
  const only = (value('--only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [...OPERATOR_SECRET_KEYS]) as SecretKey[];
  const bad = only.filter((k) => !SECRET_KEYS.includes(k));
  if (bad.length) throw new Error(`Unknown secret ${bad.join(', ')}. Secrets: ${OPERATOR_SECRET_KEYS.join(', ')}`);
  const generated = only.filter((k) => GENERATED_SECRET_KEYS.includes(k));
  if (generated.length) {
    throw new Error(
      `${generated.join(', ')} ${generated.length > 1 ? 'are' : 'is'} generated by the stack (random values nobody types), so not set here: see docs/deploy.md.`,
    );
  }
  return { stage, only, fromEnv: argv.includes('--from-env'), dryRun: argv.includes('--dry-run'), region: value('--region') ?? DEPLOY_REGION };
}

/** The environment variable an operator sets for a secret (the staff password is given in clear). */
export function envVarFor(key: SecretKey): string {
  return key === 'staffPasswordHash' ? STAFF_PASSWORD_ENV : SECRETS[key].envVar;
}

interface SecretsWriter {
  send(command: PutSecretValueCommand): Promise<unknown>;
}

/** Writes prepared values to `creator-llc/<stage>/<key>`; returns the names written. */
export async function storeSecrets(values: Partial<Record<SecretKey, string>>, stage: SecretsSetOptions['stage'], client: SecretsWriter): Promise<string[]> {
  const written: string[] = [];
  for (const [key, value] of Object.entries(values) as [SecretKey, string][]) {
    const name = secretName(stage, key);
    await client.send(new PutSecretValueCommand({ SecretId: name, SecretString: value }));
    written.push(name);
  }
  return written;
}

/** Reads a line without echoing it (secrets should not land in the terminal scrollback). */
async function promptHidden(question: string): Promise<string> {
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let muted = false;
  const write = output._writeToOutput.bind(rl);
  output._writeToOutput = (s: string) => (muted ? undefined : write(s));
  const pending = rl.question(question);
  muted = true;
  const answer = await pending;
  rl.close();
  stdout.write('\n');
  return answer;
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv);
  const interactive = !options.fromEnv && stdin.isTTY;
  const values: Partial<Record<SecretKey, string>> = {};
  for (const key of options.only) {
    const envVar = envVarFor(key);
    let input = secretFromEnvironment(envVar);
    if (input === undefined && interactive) {
      input = await promptHidden(`${key} (${SECRETS[key].description}; Enter keeps the current value): `);
    }
    if (!input?.trim()) {
      console.log(`- ${key}: unchanged (set ${envVar} or answer the prompt to change it)`);
      continue;
    }
    const value = await prepareSecretValue(key, input);
    if (key === 'stripeSecretKey') {
      const publishableKey = readConfigFile(stageConfigPath(options.stage)).stripePublishableKey;
      checkStripeSecretKey(options.stage, value, typeof publishableKey === 'string' ? publishableKey : undefined);
    }
    values[key] = value;
  }
  const keys = Object.keys(values);
  if (!keys.length) {
    console.log('Nothing to store.');
    return;
  }
  if (options.dryRun) {
    console.log(`Dry run: would store ${keys.map((k) => secretName(options.stage, k)).join(', ')}`);
    return;
  }
  const written = await storeSecrets(values, options.stage, new SecretsManagerClient({ region: options.region }));
  for (const name of written) console.log(`✓ stored ${name}`);
  console.log(
    'Functions read secrets at cold start: new values apply to new instances only. To apply them at once, force new containers (docs/deploy.md, "After changing a secret").',
  );
}

runIfMain(
  import.meta.url,
  () => main(process.argv.slice(2)),
  (err) =>
    err.name === 'ResourceNotFoundException'
      ? `${err.message}\nDeploy the stage first (npm run deploy -- --stage ${process.argv.includes('prod') ? 'prod' : 'dev'}), then set its secrets.`
      : err.message,
);
