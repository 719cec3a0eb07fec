import { config } from '../config.ts';
import { ConditionalCheckFailedException, DynamoDBClient, DynamoDBDocumentClient } from './dynamodb-sdk.ts';
import { storeClientLimits, unavailableWhenUnreachable } from './store-limits.ts';

let client: DynamoDBDocumentClient | undefined;
let commandLog: string[] | undefined;

/** The one DynamoDB document client of the process. */
export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...storeClientLimits(cfg.STORE_REQUEST_TIMEOUT_MS),
    ...(cfg.DYNAMODB_ENDPOINT ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  unavailableWhenUnreachable(base);
  if (commandLog) logCommands(base, commandLog);
  client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

function logCommands(base: DynamoDBClient | DynamoDBDocumentClient, log: string[]): void {
  base.middlewareStack.add(
    (next, context) => async (args) => {
      log.push(String(context.commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
}

/**
 * Tests only (tests/setup-node.ts): records the name of every command sent from now on into
 * `log`, so data-access budgets ("an autosave is one UpdateItem") can be asserted. A deployed
 * function never calls it, so nothing accumulates in a warm Lambda.
 */
export function countDynamoCalls(log: string[]): void {
  if (commandLog) return;
  commandLog = log;
  if (client) logCommands(client, log);
}

/** Awaits a conditional write: false when its condition failed (nothing was written); other failures throw. */
export async function writeIf(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

export function tableName(key: keyof ReturnType<typeof config>['tables']): string {
  return config().tables[key];
}
