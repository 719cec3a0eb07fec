import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { type KeyDef, TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';
import { EXPORTS_PREFIX } from '../../shared/staff/exports.ts';
import { acknowledge } from '../nag.ts';
import { documentsBucketName, piiKeyAlias, type StageConfig, tableName } from '../stage-config.ts';

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

const attr = (k: KeyDef) => ({ name: k.name, type: k.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING });

/** Pascal-case construct id from a table key: rateLimits -> RateLimits. */
export const tableConstructId = (key: TableKey) => `${key[0].toUpperCase()}${key.slice(1)}Table`;

/** Key prefix of staff uploads not yet recorded (functions/documents/order/storage.ts uploadKey). */
export const STAGED_UPLOADS_PREFIX = 'documents/uploads/';

/**
 * Stateful resources: every DynamoDB table from functions/tables.ts (the same definitions the
 * local runtime creates), with its change stream where the definition asks for one, the
 * documents bucket for the orders' documents (versioned), and the KMS key that wraps the data
 * keys of sealed tax ids (functions/lib/crypto/sealed.ts).
 * prod keeps data when the stack is deleted (RETAIN + deletion protection); dev is disposable.
 */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, Table>;
  /** Stream ARN of each table whose definition has `stream` (the jobs' event sources read them). */
  readonly streamArns: Partial<Record<TableKey, string>> = {};
  readonly documentsBucket: Bucket;
  readonly piiKey: Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const prod = props.config.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.tables = {} as Record<TableKey, Table>;
    for (const key of TABLE_KEYS) {
      const def: TableDef = TABLES[key];
      const table = new Table(this, tableConstructId(key), {
        tableName: tableName(props.config.stage, key),
        partitionKey: attr(def.partitionKey),
        sortKey: def.sortKey ? attr(def.sortKey) : undefined,
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: TableEncryption.AWS_MANAGED,
        timeToLiveAttribute: def.ttlAttribute,
        stream: def.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
        deletionProtection: prod,
        removalPolicy,
      });
      for (const index of (def.indexes ?? []).filter((i) => !props.config.withoutIndexes.includes(`${key}.${i.indexName}`))) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attr(index.partitionKey),
          sortKey: index.sortKey ? attr(index.sortKey) : undefined,
          projectionType: index.projection === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
        });
      }
      this.tables[key] = table;
      if (def.stream) this.streamArns[key] = table.tableStreamArn;
    }

    // Losing the key would make every sealed value unreadable, so prod keeps it whatever happens to the stack.
    this.piiKey = new Key(this, 'PiiKey', {
      alias: piiKeyAlias(props.config.stage),
      description: `Creator LLC ${props.config.stage}: wraps the per-value data keys of sealed tax ids (envelope encryption)`,
      enableKeyRotation: true,
      removalPolicy,
      ...(prod ? {} : { pendingWindow: Duration.days(7) }),
    });

    // Server access logs of the documents bucket (who fetched which filing document).
    const accessLogs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy,
      autoDeleteObjects: !prod,
    });
    acknowledge(accessLogs, 'AwsSolutions-S1', 'This bucket is the access-log destination itself; logging it would log into itself.');

    this.documentsBucket = new Bucket(this, 'DocumentsBucket', {
      bucketName: documentsBucketName(props.config.stage, Aws.ACCOUNT_ID, Aws.REGION),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // A staff upload waits here until it is checked and copied to its document key
        // (functions/documents/order/storage.ts): one never recorded is gone after a day.
        { id: 'StagedUploads', prefix: STAGED_UPLOADS_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // CSV exports of customers' orders and payments (functions/exports/csv-file.ts): a 5-minute link, the file a day.
        { id: 'Exports', prefix: EXPORTS_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'documents/',
      removalPolicy,
      autoDeleteObjects: !prod,
    });
  }
}
