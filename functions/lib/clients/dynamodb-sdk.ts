/**
 * The DynamoDB SDK: every data module takes its commands from here, so the SDK a function loads
 * is visible in one place (the bench's per-function reference loads exactly these loaders). The
 * Lambda build bundles and minifies the SDK with the code (docs/decisions/0170).
 */
export { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';

/** One item of a TransactWriteItems (a change and what it implies are written together). */
export type TransactItem = NonNullable<import('@aws-sdk/lib-dynamodb').TransactWriteCommandInput['TransactItems']>[number];
