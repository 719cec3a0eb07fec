import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../functions/jobs.ts';
import { jobConstructId } from './stacks/api-stack.ts';
import { functionsWithPolicies, liveAliasOf, type SynthesisedProduct, statementsFor, synthProduct } from './test-support.ts';

/**
 * The compliance calendar's reminders on AWS: the date-keyed reminders table, and the daily
 * EventBridge rule that runs the sweep (the same handler the local runtime runs on a timer).
 */
let dev: SynthesisedProduct;

beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
}, 180_000);
afterAll(() => dev?.cleanup());

const sweep = () => {
  const pattern = new RegExp(`^${jobConstructId('reminderSweep')}[0-9A-F]{8}$`);
  const found = functionsWithPolicies(dev.templates.api).find((f) => pattern.test(f.logicalId));
  if (!found) throw new Error('No reminder sweep function');
  return found;
};

describe('the reminder sweep on AWS', () => {
  it('runs daily from an EventBridge rule at its hour (UTC)', () => {
    expect(JOBS.reminderSweep.trigger).toEqual({ kind: 'daily', hourUtc: 14, untilHourUtc: 18 });
    const { logicalId, fn } = sweep();
    expect(fn.Properties.Description).toBe('Job reminderSweep: daily at 14:00 UTC, then hourly until 18:00');
    dev.templates.api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 14-18 * * ? *)',
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

  it('may write the reminders table and its index, read applications, queue in the outbox, and send no email itself', () => {
    const { statements } = sweep();
    const on = (table: string) => statements.filter((s) => JSON.stringify(s.Resource).includes(`:table/creator-llc-dev-${table}`));
    const actions = (table: string) => on(table).flatMap((s) => [s.Action].flat());
    expect(actions('reminders')).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem']));
    expect(JSON.stringify(on('reminders').map((s) => s.Resource))).toContain('creator-llc-dev-reminders/index/*');
    expect(actions('applications')).toContain('dynamodb:GetItem');
    expect(actions('applications')).not.toContain('dynamodb:UpdateItem');
    expect(actions('outbox')).toContain('dynamodb:PutItem');
    expect(on('staff')).toEqual([]);
    expect(statementsFor(statements, 'ses:')).toEqual([]);
    expect(statementsFor(statements, 'secretsmanager:')).toEqual([]);
  });

  it('reads due reminders from a date-keyed index: queue + sendOn', () => {
    dev.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'creator-llc-dev-reminders',
      KeySchema: [
        { AttributeName: 'applicationId', KeyType: 'HASH' },
        { AttributeName: 'series', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'bySendOn',
          KeySchema: [
            { AttributeName: 'queue', KeyType: 'HASH' },
            { AttributeName: 'sendOn', KeyType: 'RANGE' },
          ],
        }),
      ],
    });
  });
});
