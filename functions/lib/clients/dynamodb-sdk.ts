import { createRequire } from 'node:module';

/**
 * The DynamoDB SDK, loaded as CommonJS. Node's ESM loader scans a large CommonJS package for its
 * named exports before running it, which doubles the SDK's load time (measured here: ~100 ms via
 * `import`, ~50 ms via `require`), and the SDK is most of a function's cold start.
 * Every data module takes its commands from here; the types are the SDK's own.
 */
const require = createRequire(import.meta.url);
const client = require('@aws-sdk/client-dynamodb') as typeof import('@aws-sdk/client-dynamodb');
const documents = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');

export const { DynamoDBClient, ConditionalCheckFailedException, TransactionCanceledException } = client;
export const { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, DeleteCommand, QueryCommand, TransactWriteCommand, BatchWriteCommand } =
  documents;

type Lib = typeof import('@aws-sdk/lib-dynamodb');
type Client = typeof import('@aws-sdk/client-dynamodb');
export type DynamoDBClient = InstanceType<Client['DynamoDBClient']>;
export type DynamoDBDocumentClient = import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient;
export type ConditionalCheckFailedException = InstanceType<Client['ConditionalCheckFailedException']>;
export type TransactionCanceledException = InstanceType<Client['TransactionCanceledException']>;
export type GetCommand = InstanceType<Lib['GetCommand']>;
export type PutCommand = InstanceType<Lib['PutCommand']>;
export type UpdateCommand = InstanceType<Lib['UpdateCommand']>;
export type DeleteCommand = InstanceType<Lib['DeleteCommand']>;
export type QueryCommand = InstanceType<Lib['QueryCommand']>;
export type TransactWriteCommand = InstanceType<Lib['TransactWriteCommand']>;
export type BatchWriteCommand = InstanceType<Lib['BatchWriteCommand']>;
/** One item of a TransactWriteItems (a change and what it implies are written together). */
export type TransactItem = NonNullable<import('@aws-sdk/lib-dynamodb').TransactWriteCommandInput['TransactItems']>[number];
