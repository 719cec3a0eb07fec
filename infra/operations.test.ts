import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, type JobKey } from '../functions/jobs.ts';
import { METRIC_NAMES, METRICS_NAMESPACE } from '../functions/lib/logger.ts';
import { TABLE_KEYS } from '../functions/tables.ts';
import { dashboardName, SES_BOUNCE_RATE_ALARM, SES_COMPLAINT_RATE_ALARM } from './stacks/operations-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT } from './stage-config.ts';
import { type SynthesisedProduct, synthProduct, type TemplateResource } from './test-support.ts';

/**
 * Every alarm of the Operations stack, each on a metric something is shown to publish: AWS's own
 * (API Gateway, Lambda, SQS, DynamoDB, SES), or one the functions emit, whose emission is tested
 * where it happens (functions/lib/metrics.test.ts, functions/email/outbox-metrics.test.ts,
 * functions/handlers/payments/stripe-webhook-metrics.test.ts).
 */
let dev: SynthesisedProduct;
let prod: SynthesisedProduct;
beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
  prod = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT, alarmEmails: ['ops@example.com', 'owner@example.com'] });
}, 180_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
});

const alarmsOf = (product: SynthesisedProduct) => product.templates.operations.findResources('AWS::CloudWatch::Alarm') as Record<string, TemplateResource>;
/** The alarm whose logical id starts with the construct id (CDK appends a hash). */
function alarm(product: SynthesisedProduct, id: string): TemplateResource['Properties'] {
  const found = Object.entries(alarmsOf(product)).filter(([logicalId]) => logicalId.replace(/[0-9A-F]{8}$/, '') === id);
  expect(
    found.map(([logicalId]) => logicalId),
    id,
  ).toHaveLength(1);
  return found[0][1].Properties;
}
const capitalised = (key: string) => `${key[0].toUpperCase()}${key.slice(1)}`;
const jobKeys = Object.keys(JOBS) as JobKey[];
const streamJobs = jobKeys.filter((k) => JOBS[k].trigger.kind === 'stream');

describe('Operations stack alarms', () => {
  it('notifies every recipient of the config file, when an alarm fires and when it clears', () => {
    for (const address of ['ops@example.com', 'owner@example.com'])
      prod.templates.operations.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: address });
    dev.templates.operations.resourceCountIs('AWS::SNS::Subscription', 0);
    for (const [id, a] of Object.entries(alarmsOf(prod))) {
      expect(a.Properties.AlarmActions, id).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(a.Properties.OKActions, id).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
    }
  });

  it('has exactly the alarms listed here', () => {
    const expected = [
      'Api5xxRate',
      'StripeWebhookErrors',
      'StripeWebhookBadSignature',
      'StripeWebhookNotConfigured',
      'StripeWebhookThrottles',
      'ServerErrors',
      'FunctionErrors',
      ...jobKeys.map((k) => `${capitalised(k)}Errors`),
      'EmailParked',
      'EmailSuppressed',
      'RemindersOverdue',
      'RenewalsOverdue',
      'SesBounceRate',
      'SesComplaintRate',
      'SitePublisherErrors',
      'SitePublisherFailures',
      'NoPaymentMethod',
      ...streamJobs.map((k) => `${capitalised(k)}Failures`),
      ...TABLE_KEYS.map((k) => `${capitalised(k)}TableThrottles`),
    ];
    const ids = Object.keys(alarmsOf(prod)).map((id) => id.replace(/[0-9A-F]{8}$/, ''));
    expect(ids.sort()).toEqual([...expected].sort());
  });

  it("alarms on every function's 5xx answers across the stage (the middleware's ServerError) at the first one", () => {
    expect(alarm(prod, 'ServerErrors')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'ServerError',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarm(dev, 'ServerErrors').Dimensions).toEqual([{ Name: 'Stage', Value: 'dev' }]);
  });

  it("alarms on unhandled errors: Lambda's Errors over every function, and each job's own", () => {
    expect(alarm(prod, 'FunctionErrors')).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Threshold: 1 });
    expect(alarm(prod, 'FunctionErrors').Dimensions).toBeUndefined();
    for (const key of ['outboxSweep', 'reminderSweep', ...jobKeys] as JobKey[]) {
      const a = alarm(prod, `${capitalised(key)}Errors`);
      expect(a, key).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Threshold: 1 });
      expect(JSON.stringify(a.Dimensions), key).toContain(`${capitalised(key)}Job`);
    }
  });

  it('alarms on parked and suppressed email, emitted by the outbox sender', () => {
    for (const [id, metric] of [
      ['EmailParked', 'EmailParked'],
      ['EmailSuppressed', 'EmailSuppressed'],
    ]) {
      expect(alarm(prod, id), id).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        MetricName: metric,
        Dimensions: [{ Name: 'Stage', Value: 'prod' }],
        Statistic: 'Sum',
        Threshold: 1,
      });
    }
  });

  it('alarms when a due reminder or renewal charge is left for more than a day, as the sweeps report it', () => {
    for (const [id, metric] of [
      ['RemindersOverdue', 'DueReminderAgeHours'],
      ['RenewalsOverdue', 'DueRenewalAgeHours'],
    ]) {
      expect(alarm(prod, id), id).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        MetricName: metric,
        Dimensions: [{ Name: 'Stage', Value: 'prod' }],
        Statistic: 'Maximum',
        Period: 3600,
        Threshold: 25,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it("alarms on SES's bounce and complaint rates before SES pauses the account", () => {
    expect(alarm(prod, 'SesBounceRate')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Statistic: 'Maximum',
      Threshold: SES_BOUNCE_RATE_ALARM,
    });
    expect(alarm(prod, 'SesComplaintRate')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Statistic: 'Maximum',
      Threshold: SES_COMPLAINT_RATE_ALARM,
    });
    expect(SES_BOUNCE_RATE_ALARM).toBeLessThan(0.1);
    expect(SES_COMPLAINT_RATE_ALARM).toBeLessThan(0.005);
  });

  it("alarms on the site publisher's errors and its failure queue", () => {
    const errors = alarm(prod, 'SitePublisherErrors');
    expect(errors).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors' });
    expect(JSON.stringify(errors.Dimensions)).toMatch(/SitePublisherFunction/);
    const failures = alarm(prod, 'SitePublisherFailures');
    expect(failures).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
    expect(JSON.stringify(failures.Dimensions)).toMatch(/SitePublisherFailures/);
  });

  it('alarms when the scheduled payment check finds no card payment twice in a row', () => {
    expect(alarm(prod, 'NoPaymentMethod')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'NoPaymentMethod',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
      Statistic: 'Maximum',
      Period: JOBS.paymentCheck.trigger.everyMinutes * 60,
      Threshold: 1,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
    });
    // The check runs on its schedule.
    prod.templates.api.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: `rate(${JOBS.paymentCheck.trigger.everyMinutes} minutes)` });
  });

  it('alarms on every metric the functions emit, except the dashboard-only counts', () => {
    const alarmed = new Set(
      Object.values(alarmsOf(prod))
        .filter((a) => a.Properties.Namespace === METRICS_NAMESPACE)
        .map((a) => a.Properties.MetricName as string),
    );
    const dashboardOnly = ['EmailSent', 'OrderPaid'];
    expect(METRIC_NAMES.filter((m) => !alarmed.has(m))).toEqual(dashboardOnly);
  });
});

describe('the dashboard', () => {
  it('shows orders paid, emails sent, parked and suppressed, errors, latency and every alarm', () => {
    const dashboards = Object.values(prod.templates.operations.findResources('AWS::CloudWatch::Dashboard')) as TemplateResource[];
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe(dashboardName('prod'));
    const body = JSON.stringify(dashboards[0].Properties.DashboardBody);
    for (const name of ['OrderPaid', 'EmailSent', 'EmailParked', 'EmailSuppressed', 'ServerError', 'NoPaymentMethod', '5xx', 'Latency', 'IntegrationLatency'])
      expect(body, name).toContain(name);
    expect(body).toContain('Reputation.BounceRate');
    for (const id of Object.keys(alarmsOf(prod))) expect(body, id).toContain(id);
  });
});
