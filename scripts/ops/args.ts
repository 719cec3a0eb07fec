import { DEPLOY_REGION } from '../../infra/stage-config.ts';

export interface OpsArgs {
  stage: 'dev' | 'prod';
  region: string;
  /** Flags given without a value (`--dry-run`), and `--key value` pairs. */
  flags: Set<string>;
  values: Map<string, string>;
}

/**
 * The operations scripts' arguments: `--stage dev|prod` (required: these act on a deployed
 * stage), `--region` (default us-east-1, where every stack lives), then the script's own
 * `--flag` and `--key value` options, each checked against `allowed`.
 */
export function parseOpsArgs(argv: string[], allowed: { flags?: readonly string[]; values?: readonly string[] } = {}): OpsArgs {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  let stage: string | undefined;
  let region = DEPLOY_REGION;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [undefined, undefined];
    if (!name) throw new Error(`Unexpected argument ${arg}`);
    const takesValue = name === 'stage' || name === 'region' || allowed.values?.includes(name);
    if (!takesValue) {
      if (!allowed.flags?.includes(name)) throw new Error(`Unknown option --${name}`);
      flags.add(name);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
    if (name === 'stage') stage = value;
    else if (name === 'region') region = value;
    else values.set(name, value);
  }
  if (stage !== 'dev' && stage !== 'prod') throw new Error('Say which stage: --stage dev or --stage prod');
  return { stage, region, flags, values };
}
