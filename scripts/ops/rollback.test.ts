import { describe, expect, it } from 'vitest';
import { parseOpsArgs } from './args.ts';
import { DEPLOY_WINDOW_MS, describeSteps, type LambdaApi, rollback } from './rollback.ts';

/**
 * A Lambda account in memory: each function's published versions (number and publication
 * time) and its aliases, answering the calls the rollback makes as Lambda would.
 */
class FakeLambda implements LambdaApi {
  readonly moves: string[] = [];
  constructor(readonly functions: Record<string, { versions: [string, number][]; aliases: Record<string, string> }>) {}
  async listFunctionNames(prefix: string) {
    return Object.keys(this.functions).filter((n) => n.startsWith(prefix));
  }
  async aliasVersion(name: string, alias: string) {
    return this.functions[name].aliases[alias];
  }
  async versions(name: string) {
    // Lambda lists $LATEST first, then the versions oldest first.
    return [
      { version: '$LATEST', lastModified: new Date(T0 + 99 * HOUR).toISOString() },
      ...this.functions[name].versions.map(([version, at]) => ({ version, lastModified: new Date(at).toISOString() })),
    ];
  }
  async pointAlias(name: string, alias: string, version: string) {
    const fn = this.functions[name];
    if (!fn.versions.some(([v]) => v === version)) throw new Error(`ResourceNotFoundException: ${name}:${version}`);
    fn.aliases[alias] = version;
    this.moves.push(`${name}:${alias}=${version}`);
  }
}

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-20T10:00:00Z');
const lastDeploy = T0 + 48 * HOUR;

/** Three deploys: all functions at the first; only changed ones published a version at the later two. */
function stage() {
  return new FakeLambda({
    // Changed by the last deploy: 3 is live, 2 the previous.
    'CreatorLlc-prod-Api-PostWebhookStripeB74D5D58-AbC': {
      versions: [
        ['1', T0],
        ['2', T0 + 24 * HOUR],
        ['3', lastDeploy],
      ],
      aliases: { live: '3' },
    },
    // Changed by the last deploy too, a few minutes later in the same deploy (a nested stack).
    'CreatorLlc-prod-Api-StaffRoutesNestedStack-GetStaffDashboard-XyZ': {
      versions: [
        ['4', T0],
        ['7', lastDeploy + 6 * 60_000],
      ],
      aliases: { live: '7' },
    },
    // Changed by the deploy before: stepping it back would undo that one, not the last.
    'CreatorLlc-prod-Api-OutboxSweepJob-QwE': {
      versions: [
        ['1', T0],
        ['2', T0 + 24 * HOUR],
      ],
      aliases: { live: '2' },
    },
    // New in the last deploy: no earlier version.
    'CreatorLlc-prod-Api-PaymentCheckJob-RtY': { versions: [['1', lastDeploy]], aliases: { live: '1' } },
    // A CDK helper function: no live alias.
    'CreatorLlc-prod-Web-CustomCDKBucketDeployment-UiO': { versions: [], aliases: {} },
    // Another stage's function is never touched.
    'CreatorLlc-dev-Api-PostWebhookStripe-PaS': {
      versions: [
        ['1', T0],
        ['2', lastDeploy],
      ],
      aliases: { live: '2' },
    },
  });
}

describe('npm run rollback', () => {
  it('points back the live alias of every function the last deploy changed, and only those, in that stage only', async () => {
    const lambda = stage();
    const steps = await rollback(lambda, 'prod');
    expect(lambda.moves.sort()).toEqual([
      'CreatorLlc-prod-Api-PostWebhookStripeB74D5D58-AbC:live=2',
      'CreatorLlc-prod-Api-StaffRoutesNestedStack-GetStaffDashboard-XyZ:live=4',
    ]);
    const byName = Object.fromEntries(steps.map((s) => [s.functionName, s]));
    expect(byName['CreatorLlc-prod-Api-OutboxSweepJob-QwE'].skipped).toMatch(/older than the last deploy/);
    expect(byName['CreatorLlc-prod-Api-PaymentCheckJob-RtY'].skipped).toMatch(/first: nothing to go back to/);
    expect(byName['CreatorLlc-prod-Web-CustomCDKBucketDeployment-UiO'].skipped).toMatch(/no live alias/);
    expect(steps.map((s) => s.functionName)).not.toContain('CreatorLlc-dev-Api-PostWebhookStripe-PaS');
    expect(lambda.functions['CreatorLlc-dev-Api-PostWebhookStripe-PaS'].aliases.live).toBe('2');
  });

  it('changes nothing with --dry-run, and says what it would do', async () => {
    const lambda = stage();
    const steps = await rollback(lambda, 'prod', { dryRun: true });
    expect(lambda.moves).toEqual([]);
    const text = describeSteps(steps, true);
    expect(text).toContain('→ would move CreatorLlc-prod-Api-PostWebhookStripeB74D5D58-AbC: 3 -> 2');
    expect(text).toContain('Dry run: would point 2 live aliases back.');
  });

  it('steps every function with an earlier version back with --all, and one function with --function', async () => {
    const all = stage();
    await rollback(all, 'prod', { all: true });
    expect(all.moves).toContain('CreatorLlc-prod-Api-OutboxSweepJob-QwE:live=1');
    expect(all.moves).toHaveLength(3);
    const one = stage();
    await rollback(one, 'prod', { functionName: 'CreatorLlc-prod-Api-OutboxSweepJob-QwE' });
    expect(one.moves).toEqual(['CreatorLlc-prod-Api-OutboxSweepJob-QwE:live=1']);
    await expect(rollback(stage(), 'prod', { functionName: 'CreatorLlc-prod-Nope' })).rejects.toThrow('No function CreatorLlc-prod-Nope in the prod stage');
  });

  it('steps back the deploy before when run again', async () => {
    const lambda = stage();
    await rollback(lambda, 'prod');
    await rollback(lambda, 'prod');
    const live = (name: string) => lambda.functions[name].aliases.live;
    expect(live('CreatorLlc-prod-Api-PostWebhookStripeB74D5D58-AbC')).toBe('1');
    expect(live('CreatorLlc-prod-Api-OutboxSweepJob-QwE')).toBe('1');
    expect(live('CreatorLlc-prod-Api-StaffRoutesNestedStack-GetStaffDashboard-XyZ')).toBe('4');
    expect(live('CreatorLlc-prod-Api-PaymentCheckJob-RtY')).toBe('1');
    expect(DEPLOY_WINDOW_MS).toBeLessThan(24 * HOUR);
  });

  it('needs the stage said, and refuses options it does not know', () => {
    expect(() => parseOpsArgs([])).toThrow('Say which stage: --stage dev or --stage prod');
    expect(() => parseOpsArgs(['--stage', 'prod', '--force'], { flags: ['dry-run'] })).toThrow('Unknown option --force');
    const args = parseOpsArgs(['--stage=prod', '--dry-run', '--function', 'f'], { flags: ['dry-run'], values: ['function'] });
    expect([args.stage, args.region, args.flags.has('dry-run'), args.values.get('function')]).toEqual(['prod', 'us-east-1', true, 'f']);
  });
});
