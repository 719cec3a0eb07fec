import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { JOBS, type JobKey } from '../../functions/jobs.ts';
import { METRICS_NAMESPACE, type MetricName } from '../../functions/lib/logger.ts';
import type { RouteKey } from '../../functions/routes.ts';
import { TABLE_KEYS, type TableKey } from '../../functions/tables.ts';
import { TableBackups } from '../backups.ts';
import { acknowledge } from '../nag.ts';
import type { StageConfig } from '../stage-config.ts';
import { tableConstructId } from './data-stack.ts';

/** The route Stripe posts events to; its URL is printed for registration in the Stripe dashboard. */
export const STRIPE_WEBHOOK_ROUTE: RouteKey = 'POST /api/webhook/stripe';
export const STRIPE_WEBHOOK_PATH = STRIPE_WEBHOOK_ROUTE.slice(STRIPE_WEBHOOK_ROUTE.indexOf(' ') + 1);
/** Alarm when more than this share of API requests answer 5xx over two of three 5-minute periods. */
export const API_5XX_RATE_PERCENT = 5;

export interface OperationsStackProps extends StackProps {
  config: StageConfig;
  httpApi: HttpApi;
  /** The API's base URL: its custom domain, or the execute-api endpoint when it has none. */
  apiUrl: string;
  functions: ReadonlyMap<RouteKey, IFunction>;
  /** Each stream job's failure queue (batches its event source gave up on). */
  failureQueues: ReadonlyMap<JobKey, IQueue>;
  tables: Record<TableKey, Table>;
  siteUrl: string;
  /** The functions no route calls (functions/jobs.ts), by job. */
  jobFunctions: ReadonlyMap<JobKey, IFunction>;
  /** The web stack's site publisher and its failure queue (infra/site-publisher.ts), when the site has one. */
  sitePublisher?: { function: IFunction; failures: IQueue };
}

/** SES reviews an account whose bounce rate passes 5% and may pause sending at 10%: alarm at the first mark. */
export const SES_BOUNCE_RATE_ALARM = 0.05;
/** SES reviews an account whose complaint rate passes 0.1% and may pause sending at 0.5%. */
export const SES_COMPLAINT_RATE_ALARM = 0.001;
/** The dashboard's name: `CreatorLlc-<stage>`. */
export const dashboardName = (stage: StageConfig['stage']) => `CreatorLlc-${stage}`;

/**
 * Alarms to an SNS topic (the config file's alarmEmails, told when an alarm fires and when it
 * clears), the stage's dashboard and the URLs an operator needs after a deploy. Every alarm reads
 * a metric something is known to publish: AWS's own (API Gateway, Lambda, SQS, DynamoDB, SES) or
 * one the functions emit (functions/lib/logger.ts METRIC_NAMES, each with a test that it is).
 */
/** A due reminder or renewal row this many hours after the start of its day has waited more than a day (whole hours). */
export const OVERDUE_AFTER_HOURS = 25;

export class OperationsStack extends Stack {
  readonly alarmTopic: Topic;
  readonly dashboard: Dashboard;
  /** The daily AWS Backup of every table, copied to backupCopyRegion when the config names one. */
  readonly backups: TableBackups;
  /** Every alarm, by construct id. */
  readonly alarms = new Map<string, Alarm>();

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: `Creator LLC alarms (${config.stage})`, enforceSSL: true });
    acknowledge(
      this.alarmTopic,
      'AwsSolutions-SNS2',
      'CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed aws/sns key, and alarm notifications carry no customer data (alarm name and metric only).',
    );
    for (const address of config.alarmEmails) this.alarmTopic.addSubscription(new EmailSubscription(address));
    if (!config.alarmEmails.length)
      Annotations.of(this).addWarningV2(
        'creator-llc:no-alarm-email',
        `No alarmEmails in config/${config.stage}.json: alarms go to an SNS topic with no subscriber.`,
      );
    const notify = new SnsAction(this.alarmTopic);

    const fiveMinutes = Duration.minutes(5);
    const api5xx = new Alarm(this, 'Api5xxRate', {
      alarmDescription: `More than ${API_5XX_RATE_PERCENT}% of API requests answered 5xx`,
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period: fiveMinutes, statistic: 'Sum' }),
        },
        period: fiveMinutes,
        label: 'API 5xx rate (%)',
      }),
      threshold: API_5XX_RATE_PERCENT,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    api5xx.addAlarmAction(notify);
    api5xx.addOkAction(notify);
    this.alarms.set('Api5xxRate', api5xx);

    const webhook = props.functions.get(STRIPE_WEBHOOK_ROUTE);
    if (!webhook) throw new Error(`functions/routes.ts has no ${STRIPE_WEBHOOK_ROUTE} route: payments could never be confirmed.`);
    /** Any occurrence in a period (the metric's own, 5 minutes unless it says otherwise) raises the alarm. */
    const onAny = (id: string, alarmDescription: string, metric: IMetric, threshold = 1) => {
      const alarm = new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
      // The recipients also learn when it clears.
      alarm.addOkAction(notify);
      this.alarms.set(id, alarm);
      return alarm;
    };

    onAny(
      'StripeWebhookErrors',
      'The Stripe webhook function failed: paid applications may not be marked paid',
      webhook.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
    );
    /** A metric the function itself emits (embedded metric format, functions/lib/logger.ts), by its name. */
    const emitted = (name: MetricName, fn: IFunction) =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { FunctionName: fn.functionName }, period: fiveMinutes, statistic: 'Sum' });
    // The middleware answers every error (4xx/5xx), so Lambda's Errors stays 0 on a bad secret: these come from the handler.
    onAny(
      'StripeWebhookBadSignature',
      "Signed Stripe deliveries failed verification: the stored stripeWebhookSecret is likely not this endpoint's, and paid orders stay unpaid (docs/deploy.md)",
      emitted('StripeWebhookBadSignature', webhook),
    );
    onAny(
      'StripeWebhookNotConfigured',
      'Stripe delivered an event but stripeWebhookSecret is not stored: paid orders stay unpaid until it is (npm run secrets:set -- --only stripeWebhookSecret)',
      emitted('StripeWebhookNotConfigured', webhook),
    );
    onAny(
      'StripeWebhookThrottles',
      'The Stripe webhook function was throttled: Stripe will retry, but fulfilment is delayed',
      webhook.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
    );

    /** A metric the functions emit, counted over the whole stage (the Stage dimension of METRIC_DIMENSIONS). */
    const stageWide = (name: MetricName, statistic = 'Sum', period = fiveMinutes) =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { Stage: config.stage }, period, statistic });
    onAny(
      'ServerErrors',
      'An API function answered 5xx (the middleware counts every 5xx answer of every route: functions/lib/http.ts); the dashboard shows which function, its log group why',
      stageWide('ServerError'),
    );
    // What the middleware cannot answer: a timeout, running out of memory, a failed start, an error in a job.
    onAny(
      'FunctionErrors',
      "A Lambda function failed outside the middleware (timeout, out of memory, failed start, a job's error): Lambda's Errors over every function of this account and region (docs/deploy.md, Alarms)",
      new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', period: fiveMinutes, statistic: 'Sum' }),
    );
    for (const [key, fn] of props.jobFunctions) {
      onAny(
        `${key[0].toUpperCase()}${key.slice(1)}Errors`,
        `The ${key} job failed (Lambda Errors): see its log group (docs/deploy.md, Background jobs)`,
        fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
      );
    }
    onAny(
      'EmailParked',
      "An email was parked after its last delivery attempt: a customer or staff member did not get it. Staff see it in the dashboard's parked list; check SES (sandbox, identity) and the sender's log group",
      stageWide('EmailParked'),
    );
    onAny(
      'EmailSuppressed',
      'An email was not sent because its address bounced or complained before: the customer gets nothing from us until the address is corrected',
      stageWide('EmailSuppressed', 'Sum', Duration.hours(1)),
    );
    // Each sweep run reports how long its oldest row still due has waited (functions/compliance/sweep-pages.ts):
    // past a day, a reminder or a renewal charge is late (docs/decisions/0414-reminders-at-scale.md).
    onAny(
      'RemindersOverdue',
      'A compliance reminder has been due for more than a day and is still not queued: the reminder sweep did not get through the due rows (see its log group: failed rows, or runs stopped at their time budget)',
      stageWide('DueReminderAgeHours', 'Maximum', Duration.hours(1)),
      OVERDUE_AFTER_HOURS,
    );
    onAny(
      'RenewalsOverdue',
      'A registered agent renewal charge has been due for more than a day and is still not acted on: the renewal sweep did not get through the due rows (see its log group)',
      stageWide('DueRenewalAgeHours', 'Maximum', Duration.hours(1)),
      OVERDUE_AFTER_HOURS,
    );
    // Account-wide reputation metrics SES publishes (no dimension); above its limits SES pauses sending.
    onAny(
      'SesBounceRate',
      `The SES bounce rate passed ${SES_BOUNCE_RATE_ALARM * 100}%: SES reviews the account there and may pause all sending at 10%`,
      new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: Duration.hours(1), statistic: 'Maximum' }),
      SES_BOUNCE_RATE_ALARM,
    );
    onAny(
      'SesComplaintRate',
      `The SES complaint rate passed ${SES_COMPLAINT_RATE_ALARM * 100}%: SES reviews the account there and may pause all sending at 0.5%`,
      new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: Duration.hours(1), statistic: 'Maximum' }),
      SES_COMPLAINT_RATE_ALARM,
    );
    if (props.sitePublisher) {
      onAny(
        'SitePublisherErrors',
        'The site publisher failed to re-render published pages (Lambda Errors): the site may show old texts; see its log group',
        props.sitePublisher.function.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
      );
      onAny(
        'SitePublisherFailures',
        'The site publisher gave up on published texts after its retries (its failure queue is not empty): publish them again from the staff dashboard',
        props.sitePublisher.failures.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
      );
    }
    const paymentCheckPeriod = Duration.minutes(JOBS.paymentCheck.trigger.everyMinutes);
    const noPayment = new Alarm(this, 'NoPaymentMethod', {
      alarmDescription:
        'The scheduled check found the site offering no card payment twice in a row: nobody can pay. Check the Stripe publishable key (config file) and the stripeSecretKey secret (npm run preflight)',
      metric: stageWide('NoPaymentMethod', 'Maximum', paymentCheckPeriod),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    noPayment.addAlarmAction(notify);
    noPayment.addOkAction(notify);
    this.alarms.set('NoPaymentMethod', noPayment);

    for (const [key, queue] of props.failureQueues) {
      onAny(
        `${key[0].toUpperCase()}${key.slice(1)}Failures`,
        `The ${key} job gave up on stream records after its retries (see its failure queue and log group; docs/deploy.md)`,
        queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
      );
    }

    for (const key of TABLE_KEYS) {
      const table = props.tables[key];
      onAny(
        `${tableConstructId(key)}Throttles`,
        `DynamoDB throttled requests on the ${key} table`,
        new MathExpression({
          expression: 'reads + writes',
          usingMetrics: {
            reads: table.metric('ReadThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
            writes: table.metric('WriteThrottleEvents', { period: fiveMinutes, statistic: 'Sum' }),
          },
          period: fiveMinutes,
          label: `${key} throttle events`,
        }),
      );
    }

    this.dashboard = this.buildDashboard(props, stageWide);
    this.backups = new TableBackups(this, 'Backups', { config });

    new CfnOutput(this, 'SiteUrl', { description: 'The public site', value: props.siteUrl });
    new CfnOutput(this, 'ApiUrl', {
      description: 'The HTTP API itself; requests must come through the site (<SiteUrl>/api), which adds the origin-verify header',
      value: props.apiUrl,
    });
    new CfnOutput(this, 'StripeWebhookUrl', {
      description: 'Register this endpoint in Stripe (Developers > Webhooks), then store its signing secret with npm run secrets:set',
      value: `${props.siteUrl}${STRIPE_WEBHOOK_PATH}`,
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'SNS topic the alarms notify', value: this.alarmTopic.topicArn });
    new CfnOutput(this, 'DashboardUrl', {
      description: 'The CloudWatch dashboard: orders paid, emails sent or parked, errors and latency',
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${dashboardName(config.stage)}`,
    });
  }

  /** Orders paid, emails sent or parked, errors and latency, and every alarm's state, on one page. */
  private buildDashboard(props: OperationsStackProps, stageWide: (name: MetricName, statistic?: string, period?: Duration) => Metric): Dashboard {
    const hour = Duration.hours(1);
    const fiveMinutes = Duration.minutes(5);
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: dashboardName(props.config.stage) });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Creator LLC (${props.config.stage})\nAlarms and what to do about each: docs/deploy.md, Alarms. Site: ${props.siteUrl}`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Orders paid (per hour)', left: [stageWide('OrderPaid', 'Sum', hour).with({ label: 'Orders paid' })], width: 8 }),
      new GraphWidget({
        title: 'Emails (per hour)',
        left: [
          stageWide('EmailSent', 'Sum', hour).with({ label: 'Sent' }),
          stageWide('EmailParked', 'Sum', hour).with({ label: 'Parked' }),
          stageWide('EmailSuppressed', 'Sum', hour).with({ label: 'Suppressed' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Card payment offered (0 = yes)',
        left: [stageWide('NoPaymentMethod', 'Maximum', Duration.minutes(15)).with({ label: 'No payment method' })],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Errors',
        left: [
          stageWide('ServerError').with({ label: '5xx answers (functions)' }),
          props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum', label: 'API 5xx' }),
          new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', period: fiveMinutes, statistic: 'Sum', label: 'Lambda errors (account)' }),
          props.httpApi.metricClientError({ period: fiveMinutes, statistic: 'Sum', label: 'API 4xx' }),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [
          props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p50', label: 'p50' }),
          props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p99', label: 'p99' }),
          props.httpApi.metricIntegrationLatency({ period: fiveMinutes, statistic: 'p99', label: 'integration p99' }),
        ],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'SES reputation',
        left: [
          new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: hour, statistic: 'Maximum', label: 'Bounce rate' }),
          new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: hour, statistic: 'Maximum', label: 'Complaint rate' }),
        ],
        width: 12,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...this.alarms.values()], width: 12, height: 8 }),
    );
    return dashboard;
  }
}
