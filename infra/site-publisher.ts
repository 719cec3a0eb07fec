import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFn, LoggingFormat, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import { TABLE_KEYS, TABLES } from '../functions/tables.ts';
import { APP_SHELL_FILE } from '../site/pages.ts';
import { ROBOTS_FILE, SITEMAP_FILE } from '../site/sitemap.ts';
import { LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME, SITE_PUBLISHER_FUNCTION } from './lambda-bundle.ts';
import { acknowledge } from './nag.ts';
import { builtFunction } from './stacks/api-stack.ts';
import { documentsBucketName, type StageConfig, tableName } from './stage-config.ts';

export interface SitePublisherProps {
  config: StageConfig;
  siteBucket: IBucket;
  distribution: IDistribution;
  /** The site's public address, for the pages' canonical and og:url. */
  siteUrl: string;
  /** The content table's stream (the data stack's). */
  contentStreamArn: string;
  /** The operator settings table's stream (the data stack's): the legal pages name the operator. */
  operatorSettingsStreamArn: string;
  /** The site deployment: every page is published once after it. */
  publishAfter: Construct[];
  /** A fingerprint of the deployed site (its app shell): a new site publishes the pages again. */
  siteBuild: string;
  functionsBuildDir?: string;
}

/** How the publisher reads the content table's stream. */
export const SITE_PUBLISHER_SOURCE = { batchSize: 25, retryAttempts: 5, maxBatchingWindowSeconds: 2 } as const;

/**
 * The site publisher (site/publisher/handler.ts): when staff publish a site text, the content
 * table's stream runs it and it re-renders the prerendered pages that show the text into the site
 * bucket, then invalidates those addresses on CloudFront; when the owner saves the operator's
 * settings, the operator settings table's stream does the same for the pages that name the operator. It also runs once after every site
 * deployment (a CDK trigger), since the deployment uploads the pages with the built-in texts.
 * It may read the content and operator settings tables and app.html, write the pages' HTML and
 * invalidate this distribution; nothing else.
 */
export class SitePublisher extends Construct {
  readonly function: LambdaFn;
  readonly failures: Queue;
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: SitePublisherProps) {
    super(scope, id);
    const { config } = props;
    const prod = config.stage === 'prod';
    const stack = Stack.of(this);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.function = new LambdaFn(this, 'Function', {
      description: 'Site publisher: re-renders the prerendered pages when their texts are published',
      code: Code.fromAsset(builtFunction(SITE_PUBLISHER_FUNCTION, props.functionsBuildDir)),
      handler: 'index.handler',
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: 1024,
      timeout: Duration.seconds(60),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: {
        // The configuration every function validates (functions/lib/config.ts); it reads the content and operator settings tables only.
        ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, tableName(config.stage, k)])),
        DOCUMENTS_BUCKET: documentsBucketName(config.stage, Aws.ACCOUNT_ID, Aws.REGION),
        DEPLOYMENT: 'aws',
        STAGE: config.stage,
        PAYMENT_MODE: 'live',
        LOG_LEVEL: config.logLevel,
        SITE_BUCKET: props.siteBucket.bucketName,
        SITE_DISTRIBUTION_ID: props.distribution.distributionId,
        SITE_URL: props.siteUrl,
        SITE_BUILD: props.siteBuild,
        // The stage's seller names the operator on the legal pages until the owner saves one
        // (functions/data/operator-settings.ts); prod refuses to start without it (functions/lib/config.ts).
        ...(config.sellerLegalName ? { SELLER_LEGAL_NAME: config.sellerLegalName } : {}),
        ...(config.sellerAddress ? { SELLER_ADDRESS: JSON.stringify(config.sellerAddress) } : {}),
      },
    });
    const content = Table.fromTableAttributes(this, 'ContentTable', { tableName: tableName(config.stage, 'content'), tableStreamArn: props.contentStreamArn });
    content.grantReadData(this.function);
    const operatorSettings = Table.fromTableAttributes(this, 'OperatorSettingsTable', {
      tableName: tableName(config.stage, 'operatorSettings'),
      tableStreamArn: props.operatorSettingsStreamArn,
    });
    operatorSettings.grantReadData(this.function);
    props.siteBucket.grantRead(this.function, APP_SHELL_FILE);
    props.siteBucket.grantPut(this.function, '*.html');
    // The crawler files carry the site's address, known to the stage (site/sitemap.ts).
    for (const file of [ROBOTS_FILE, SITEMAP_FILE]) props.siteBucket.grantPut(this.function, file);
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:CreateInvalidation'],
        resources: [`arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distribution.distributionId}`],
      }),
    );

    this.failures = new Queue(this, 'Failures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    // A published text, or saved operator settings: the pages that show them are rendered again.
    for (const table of [content, operatorSettings]) {
      this.function.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: SITE_PUBLISHER_SOURCE.batchSize,
          maxBatchingWindow: Duration.seconds(SITE_PUBLISHER_SOURCE.maxBatchingWindowSeconds),
          retryAttempts: SITE_PUBLISHER_SOURCE.retryAttempts,
          onFailure: new SqsDlq(this.failures),
        }),
      );
    }
    // Every deployment of the site uploads the pages with the built-in texts: publish the live ones after it.
    this.trigger = new Trigger(this, 'PublishAfterDeploy', {
      handler: this.function,
      executeAfter: props.publishAfter,
      executeOnHandlerChange: true,
      timeout: Duration.minutes(2),
    });

    acknowledge(
      this.function,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "AWSLambdaBasicExecutionRole is AWS's managed minimum for log writing (CreateLogStream/PutLogEvents); it grants no data access.",
    );
    acknowledge(
      this.function,
      'AwsSolutions-IAM5[Resource::*]',
      'The publisher reads the content table\'s stream: Lambda\'s poller needs dynamodb:ListStreams, which IAM only grants on "*"; the stream-reading actions are scoped to that stream.',
    );
    acknowledge(
      this.function,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:dynamodb:${stack.region}:<AWS::AccountId>:table/${tableName(config.stage, 'content')}/index/*]`,
      "The content list is read through the content table's byFeed index; the wildcard covers only that table's indexes.",
    );
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:Abort*']) {
      acknowledge(
        this.function,
        `AwsSolutions-IAM5[Action::${action}]`,
        `The site bucket grant uses the ${action} action family, scoped to app.html or the *.html pages of that one bucket.`,
      );
    }
    acknowledge(
      this.function,
      `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(props.siteBucket.node.defaultChild as never)}.Arn>/*.html]`,
      'The publisher writes the prerendered pages, which are the .html files at the root of the site bucket.',
    );
    acknowledge(
      this.failures,
      'AwsSolutions-SQS3',
      'This queue is itself a failure destination: the stream event source sends it the position of batches it gave up on; an operator reads it.',
    );
  }
}
