import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda, LambdaInvocationType, S3 } from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { INBOUND_MAIL_PREFIX } from '../functions/email/inbound.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stage-config.ts';

/** The receipt rule set of a stage's inbound mail: SES uses one active rule set per account and region (docs/deploy.md). */
export function receiptRuleSetName(stage: StageConfig['stage']): string {
  return `creator-llc-${stage}-inbound`;
}

/** Days a received message is kept: its words are in the ticket once the job has run. */
export const INBOUND_MAIL_RETENTION_DAYS = 30;

/**
 * SES receiving for the stage's inboundEmailDomain (docs/decisions/0377): a receipt rule for that
 * domain that stores each message in a bucket of its own (under INBOUND_MAIL_PREFIX, kept 30
 * days), then invokes the reply job with the SES event. The job reads the message from the bucket
 * (`grantRead`, `environment`).
 */
export class EmailReceiving extends Construct {
  readonly bucket: Bucket;
  readonly ruleSet: ReceiptRuleSet;
  /** What functions/jobs/inbound-email.ts reads. */
  readonly environment: Record<string, string>;
  private readonly domain: string;
  private readonly stage: StageConfig['stage'];

  constructor(scope: Construct, id: string, props: { config: StageConfig; domain: string }) {
    super(scope, id);
    this.domain = props.domain.toLowerCase();
    this.stage = props.config.stage;
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      lifecycleRules: [{ prefix: INBOUND_MAIL_PREFIX, expiration: Duration.days(INBOUND_MAIL_RETENTION_DAYS) }],
      removalPolicy: props.config.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      'Only SES writes here (one object per received message) and only the reply job reads; each message expires after 30 days. CloudTrail records the API calls; server access logs would add nothing but cost.',
    );
    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet', { receiptRuleSetName: receiptRuleSetName(props.config.stage) });
    this.environment = { INBOUND_EMAIL_DOMAIN: this.domain, INBOUND_MAIL_BUCKET: this.bucket.bucketName };
  }

  /** The rule: mail to the domain is scanned, stored, then handed to `job` (asynchronously: SES does not wait). */
  deliverTo(job: IFunction): void {
    this.ruleSet.addRule('Replies', {
      recipients: [this.domain],
      scanEnabled: true,
      tlsPolicy: TlsPolicy.REQUIRE,
      actions: [
        new S3({ bucket: this.bucket, objectKeyPrefix: INBOUND_MAIL_PREFIX }),
        new Lambda({ function: job, invocationType: LambdaInvocationType.EVENT }),
      ],
    });
    const stack = Stack.of(this);
    new CfnOutput(stack, 'InboundEmailMx', {
      description: `Publish this MX record so replies reach SES, then make ${receiptRuleSetName(this.stage)} the active rule set (docs/deploy.md)`,
      value: `${this.domain} MX 10 inbound-smtp.${stack.region}.amazonaws.com`,
    });
    new CfnOutput(stack, 'InboundEmailRuleSet', {
      description: 'The SES receipt rule set to make active once (aws ses set-active-receipt-rule-set --rule-set-name <this>)',
      value: this.ruleSet.receiptRuleSetName,
    });
  }

  /** GetObject on the stored messages only (nothing that lists, writes or deletes). */
  grantRead(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.bucket.arnForObjects(`${INBOUND_MAIL_PREFIX}*`)] }));
    const bucketId = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId);
    acknowledge(
      fn,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${INBOUND_MAIL_PREFIX}*]`,
      'The reply job reads the messages SES stored, one object per message named by SES at run time: the grant covers that prefix of the inbound mail bucket only.',
    );
  }
}
