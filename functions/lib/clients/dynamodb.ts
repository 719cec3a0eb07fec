import { config } from '../config.ts';
import { UnavailableError } from '../errors.ts';
import { ConditionalCheckFailedException, DynamoDBClient, DynamoDBDocumentClient } from './dynamodb-sdk.ts';

let client: DynamoDBDocumentClient | undefined;
let commandLog: string[] | undefined;

/** The one DynamoDB document client of the process. */
export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...(cfg.DYNAMODB_ENDPOINT ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  base.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        throw unreachable(err) ? new UnavailableError('The service is briefly unavailable; please try again in a few seconds') : err;
      }
    },
    { step: 'initialize', name: 'unavailableWhenUnreachable' },
  );
  if (commandLog) logCommands(base, commandLog);
  client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return client;
}

const NETWORK_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * DynamoDB could not be reached, or failed on its side, even after the SDK's retries: a 503 with
 * Retry-After (the caller may simply try again), not a 500.
 */
function unreachable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; $fault?: unknown } | undefined;
  return NETWORK_FAILURES.has(String(e?.code)) || e?.name === 'TimeoutError' || e?.$fault === 'server';
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
