import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { JobKey } from '../../functions/jobs.ts';
import { METRICS_NAMESPACE, type MetricName } from '../../functions/lib/logger.ts';
import type { RouteKey } from '../../functions/routes.ts';
import { TABLE_KEYS, type TableKey } from '../../functions/tables.ts';
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
}

/** Alarms to an SNS topic (email from context) and the URLs an operator needs after a deploy. */
export class OperationsStack extends Stack {
  readonly alarmTopic: Topic;

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

    const webhook = props.functions.get(STRIPE_WEBHOOK_ROUTE);
    if (!webhook) throw new Error(`functions/routes.ts has no ${STRIPE_WEBHOOK_ROUTE} route: payments could never be confirmed.`);
    /** Any occurrence in a 5-minute period raises the alarm. */
    const onAny = (id: string, alarmDescription: string, metric: IMetric) => {
      const alarm = new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
      // The recipients also learn when it clears.
      alarm.addOkAction(notify);
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
  }
}
