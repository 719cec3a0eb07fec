import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { type KeyDef, TABLE_KEYS, TABLES, type TableDef, type TableKey } from '../../functions/tables.ts';
import { acknowledge } from '../nag.ts';
import { documentsBucketName, type StageConfig, tableName } from '../stage-config.ts';

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

const attr = (k: KeyDef) => ({ name: k.name, type: k.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING });

/** Pascal-case construct id from a table key: rateLimits -> RateLimits. */
export const tableConstructId = (key: TableKey) => `${key[0].toUpperCase()}${key.slice(1)}Table`;

/**
 * Stateful resources: every DynamoDB table from functions/tables.ts (the same definitions the
 * local runtime creates) and the documents bucket for the generated Sunbiz PDFs.
 * prod keeps data when the stack is deleted (RETAIN + deletion protection); dev is disposable.
 */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, Table>;
  readonly documentsBucket: Bucket;

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
        deletionProtection: prod,
        removalPolicy,
      });
      for (const index of def.indexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: attr(index.partitionKey),
          sortKey: index.sortKey ? attr(index.sortKey) : undefined,
          projectionType: index.projection === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
        });
      }
      this.tables[key] = table;
    }

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
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) }],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'documents/',
      removalPolicy,
      autoDeleteObjects: !prod,
    });
  }
}
