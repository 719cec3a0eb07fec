import { LIVE_ALIAS } from '../../infra/stacks/api-stack.ts';
import { stackPrefix } from '../../infra/stage-config.ts';
import { runIfMain } from '../cli.ts';
import { parseOpsArgs } from './args.ts';
import { awsIdentity, describeIdentity, sdkSts } from './aws-access.ts';

/**
 * `npm run rollback -- --stage prod [--dry-run] [--all] [--function <name>]`
 *
 * Points the `live` alias of the stage's functions back to their previous published version.
 * Every API route, schedule, stream and topic invokes a function through its `live` alias
 * (infra/stacks/api-stack.ts), and every deploy that changes a function publishes a new version
 * and moves the alias to it, keeping the earlier versions. So this undoes the code and settings
 * of the last deploy in seconds, without CloudFormation, while its cause is fixed.
 *
 * Which functions: those whose live version was published by the last deploy, i.e. within
 * DEPLOY_WINDOW_MS of the newest live version of the stage (a function the last deploy did not
 * change keeps its version: stepping it back would undo an older deploy). `--all` steps every
 * function back one version; `--function` only the one named. Running it again steps back once
 * more. The next `npm run deploy` points the aliases at what it deploys.
 *
 * Tables, secrets, the site and the stacks themselves are not rolled back (docs/deploy.md).
 */
export const DEPLOY_WINDOW_MS = 60 * 60 * 1000;

/** The calls made to Lambda (the SDK's LambdaClient in use; a fake in the tests). */
export interface LambdaApi {
  listFunctionNames(prefix: string): Promise<string[]>;
  /** The version the alias points to, or undefined when the function has no such alias. */
  aliasVersion(functionName: string, alias: string): Promise<string | undefined>;
  /** Every published version (not $LATEST) with when it was published (ISO time). */
  versions(functionName: string): Promise<{ version: string; lastModified: string }[]>;
  pointAlias(functionName: string, alias: string, version: string): Promise<void>;
}

export interface RollbackStep {
  functionName: string;
  from?: string;
  to?: string;
  /** Why a function is left as it is. */
  skipped?: string;
}

export interface RollbackOptions {
  dryRun?: boolean;
  all?: boolean;
  functionName?: string;
}

/** Decides each function's step and, unless dryRun, moves the aliases. */
export async function rollback(lambda: LambdaApi, stage: 'dev' | 'prod', options: RollbackOptions = {}): Promise<RollbackStep[]> {
  const names = (await lambda.listFunctionNames(`${stackPrefix({ stage })}-`)).filter((n) => !options.functionName || n === options.functionName);
  if (options.functionName && !names.length) throw new Error(`No function ${options.functionName} in the ${stage} stage`);
  const found: { functionName: string; live?: string; versions: { version: string; published: number }[] }[] = [];
  for (const functionName of names) {
    const live = await lambda.aliasVersion(functionName, LIVE_ALIAS);
    const versions = live
      ? (await lambda.versions(functionName)).filter((v) => /^\d+$/.test(v.version)).map((v) => ({ version: v.version, published: Date.parse(v.lastModified) }))
      : [];
    found.push({ functionName, live, versions });
  }
  const publishedOf = (f: (typeof found)[number]) => f.versions.find((v) => v.version === f.live)?.published ?? Number.NEGATIVE_INFINITY;
  const earlierOf = (f: (typeof found)[number]) =>
    f.versions.filter((v) => Number(v.version) < Number(f.live)).sort((a, b) => Number(b.version) - Number(a.version))[0];
  // The last deploy still in force: the newest live version that has one before it (a function
  // new in that deploy has none, and stays).
  const newest = Math.max(...found.filter((f) => f.live && earlierOf(f)).map(publishedOf));
  const steps: RollbackStep[] = found.map((f) => {
    if (!f.live) return { functionName: f.functionName, skipped: `no ${LIVE_ALIAS} alias (not one of the product's functions, or deployed before aliases)` };
    const earlier = earlierOf(f);
    if (!earlier) return { functionName: f.functionName, from: f.live, skipped: `version ${f.live} is its first: nothing to go back to` };
    if (!options.all && !options.functionName && publishedOf(f) < newest - DEPLOY_WINDOW_MS)
      return {
        functionName: f.functionName,
        from: f.live,
        skipped: `version ${f.live} is older than the last deploy: left as it is (--all steps it back too)`,
      };
    return { functionName: f.functionName, from: f.live, to: earlier.version };
  });
  if (!options.dryRun) for (const s of steps) if (s.to) await lambda.pointAlias(s.functionName, LIVE_ALIAS, s.to);
  return steps;
}

/** The SDK behind LambdaApi. */
export async function sdkLambda(region: string): Promise<LambdaApi> {
  const { LambdaClient, ListFunctionsCommand, GetAliasCommand, ListVersionsByFunctionCommand, UpdateAliasCommand, ResourceNotFoundException } = await import(
    '@aws-sdk/client-lambda'
  );
  const client = new LambdaClient({ region });
  return {
    async listFunctionNames(prefix) {
      const names: string[] = [];
      let Marker: string | undefined;
      do {
        const page = await client.send(new ListFunctionsCommand({ Marker }));
        for (const fn of page.Functions ?? []) if (fn.FunctionName?.startsWith(prefix)) names.push(fn.FunctionName);
        Marker = page.NextMarker;
      } while (Marker);
      return names.sort();
    },
    async aliasVersion(functionName, alias) {
      try {
        return (await client.send(new GetAliasCommand({ FunctionName: functionName, Name: alias }))).FunctionVersion;
      } catch (err) {
        if (err instanceof ResourceNotFoundException) return undefined;
        throw err;
      }
    },
    async versions(functionName) {
      const out: { version: string; lastModified: string }[] = [];
      let Marker: string | undefined;
      do {
        const page = await client.send(new ListVersionsByFunctionCommand({ FunctionName: functionName, Marker }));
        for (const v of page.Versions ?? []) if (v.Version && v.LastModified) out.push({ version: v.Version, lastModified: v.LastModified });
        Marker = page.NextMarker;
      } while (Marker);
      return out;
    },
    async pointAlias(functionName, alias, version) {
      await client.send(new UpdateAliasCommand({ FunctionName: functionName, Name: alias, FunctionVersion: version }));
    },
  };
}

export function describeSteps(steps: RollbackStep[], dryRun: boolean): string {
  const moved = steps.filter((s) => s.to);
  const lines = steps.map((s) =>
    s.to ? `${dryRun ? '→ would move' : '✓ moved'} ${s.functionName}: ${s.from} -> ${s.to}` : `- ${s.functionName}: ${s.skipped}`,
  );
  lines.push(
    moved.length
      ? `${dryRun ? 'Dry run: would point' : 'Pointed'} ${moved.length} ${LIVE_ALIAS} alias${moved.length === 1 ? '' : 'es'} back. The next npm run deploy moves them to what it deploys.`
      : 'Nothing to roll back.',
  );
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  const args = parseOpsArgs(argv, { flags: ['dry-run', 'all'], values: ['function'] });
  const dryRun = args.flags.has('dry-run');
  // Who the credentials are first: none stops here with one sentence, before Lambda is asked anything.
  console.log(describeIdentity(await awsIdentity(await sdkSts(args.region), args.region)));
  const steps = await rollback(await sdkLambda(args.region), args.stage, { dryRun, all: args.flags.has('all'), functionName: args.values.get('function') });
  console.log(describeSteps(steps, dryRun));
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
