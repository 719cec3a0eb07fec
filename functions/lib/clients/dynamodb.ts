import { config } from '../config.ts';
import { DynamoDBClient, DynamoDBDocumentClient } from './dynamodb-sdk.ts';

/**
 * Counts DynamoDB commands sent by this process, by command name. Data-access budgets
 * (e.g. "an autosave PATCH makes one call") are asserted against it in the tests.
 */
export const dynamoCallLog: string[] = [];

let client: DynamoDBDocumentClient | undefined;

/** The one DynamoDB document client of the process. */
export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...(cfg.DYNAMODB_ENDPOINT ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      dynamoCallLog.push(String(context.commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
  client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

export function tableName(key: keyof ReturnType<typeof config>['tables']): string {
  return config().tables[key];
}

/** Tests: drop the cached client after the environment changed. */
export function resetDynamoClientForTests(): void {
  client = undefined;
}
