import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { jobConstructId } from './stacks/api-stack.ts';
import { functionsWithPolicies, liveAliasOf, type SynthesisedProduct, statementsFor, synthProduct } from './test-support.ts';

/**
 * The registered agent renewal's charges on AWS: the daily EventBridge rule that runs the renewal
 * sweep (the handler the local runtime runs on a timer), and exactly the grants it needs.
 */
let dev: SynthesisedProduct;

beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
}, 180_000);
afterAll(() => dev?.cleanup());

const sweep = () => {
  const pattern = new RegExp(`^${jobConstructId('renewalSweep')}[0-9A-F]{8}$`);
  const found = functionsWithPolicies(dev.templates.api).find((f) => pattern.test(f.logicalId));
  if (!found) throw new Error('No renewal sweep function');
  return found;
};

describe('the renewal sweep on AWS', () => {
  it('runs daily from an EventBridge rule, an hour after the reminder sweep', () => {
    expect(JOBS.renewalSweep.trigger).toEqual({ kind: 'daily', hourUtc: 15, untilHourUtc: 19 });
    const { logicalId, fn } = sweep();
    expect(fn.Properties.Description).toBe('Job renewalSweep: daily at 15:00 UTC, then hourly until 19:00');
    expect(fn.Properties.Timeout).toBe(300);
    dev.templates.api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 15-19 * * ? *)',
      State: 'ENABLED',
      // Through the function's live alias (npm run rollback).
      Targets: [Match.objectLike({ Arn: { Ref: liveAliasOf(dev.templates.api, logicalId) } })],
    });
    dev.templates.api.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { Ref: liveAliasOf(dev.templates.api, logicalId) },
    });
  });

  it('may update orders and charge rows, append to the audit trail, queue email and read the Stripe key; nothing else', () => {
    const { statements } = sweep();
    const on = (table: string) => statements.filter((s) => JSON.stringify(s.Resource).includes(`:table/creator-llc-dev-${table}`));
    const actions = (table: string) => on(table).flatMap((s) => [s.Action].flat());
    expect(actions('applications')).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
    expect(actions('reminders')).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem']));
    expect(JSON.stringify(on('reminders').map((s) => s.Resource))).toContain('creator-llc-dev-reminders/index/*');
    expect(actions('outbox')).toContain('dynamodb:PutItem');
    expect(actions('activity')).toContain('dynamodb:PutItem');
    // The audit trail: PutItem only, never a change or a delete.
    expect(actions('audit')).toEqual(['dynamodb:PutItem']);
    expect(on('staff')).toEqual([]);
    expect(on('paymentEvents')).toEqual([]);
    expect(statementsFor(statements, 'ses:')).toEqual([]);
    const secrets = JSON.stringify(statementsFor(statements, 'secretsmanager:').map((s) => s.Resource));
    expect(secrets).toContain('StripeSecretKey');
    expect(secrets).not.toMatch(/Webhook|LinkSigning|Amazon|Klarna/);
  });
});
