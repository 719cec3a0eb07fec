import { randomBytes } from 'node:crypto';
import { beforeAll, inject } from 'vitest';
import { countDynamoCalls } from '../functions/lib/clients/dynamodb.ts';
import { ensureTables, tableEnv } from '../scripts/local/services.ts';
import { dynamoCallLog } from './helpers/dynamo-calls.ts';

/**
 * Points the handlers at the run's DynamoDB Local and S3 store, with tables of its own for this
 * test file (prefix per file), so files run in parallel without seeing each other's data.
 */
const prefix = `t${randomBytes(4).toString('hex')}`;
Object.assign(process.env, {
  DYNAMODB_ENDPOINT: inject('dynamodbEndpoint'),
  S3_ENDPOINT: inject('s3Endpoint'),
  DOCUMENTS_BUCKET: 'creator-llc-test-documents',
  DEPLOYMENT: 'local',
  PAYMENT_MODE: 'test',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  SITE_URL: 'http://127.0.0.1:3000',
  LINK_SIGNING_KEY: 'test-link-signing-key-0123456789abcdef0123456789',
  // The local stand-in for the KMS key that seals tax ids: one file for the run (global-setup.ts).
  LOCAL_MASTER_KEY_FILE: inject('masterKeyFile'),
  TEST_TABLE_PREFIX: prefix,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // Every file's handlers share one DynamoDB Local on a machine that may be busy: a slow answer
  // is not a frozen store here (tests/frozen-store.test.ts checks the 1.5 s production limit).
  STORE_REQUEST_TIMEOUT_MS: '15000',
});
// Table names are known before creation, so config can be read at import time.
Object.assign(
  process.env,
  tableEnv(Object.fromEntries(Object.keys(await import('../functions/tables.ts').then((m) => m.TABLES)).map((k) => [k, `${prefix}-${k}`])) as never),
);

// Data-access budgets are asserted against this log; only tests install the counter.
countDynamoCalls(dynamoCallLog);

beforeAll(async () => {
  await ensureTables(process.env.DYNAMODB_ENDPOINT as string, prefix);
});
