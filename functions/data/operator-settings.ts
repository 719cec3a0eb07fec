import type { OperatorSettingsView } from '#shared/api/staff-responses.schema.ts';
import { EMPTY_OPERATOR_SETTINGS, type OperatorSettings } from '#shared/operator/facts.ts';
import type { OperatorSettingsUpdate } from '#shared/operator/settings.schema.ts';
import type { StaffPerson } from '#shared/staff/accounts.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand } from '../lib/clients/dynamodb-sdk.ts';
import { config } from '../lib/config.ts';
import { ConflictError } from '../lib/errors.ts';
import { auditPut } from './audit.ts';
import { writeTogether } from './staff-accounts.ts';

/**
 * The operator's settings (shared/operator/settings.schema.ts): one item, `OPERATOR`, written by the
 * owner at the version read, with an audit entry of what changed in the same transaction.
 */
const KEY = { id: 'OPERATOR' };

/**
 * The settings as stored, every unset one null; version 0 before the first save. An unset legal
 * name or address is the stage's seller (the stage config's sellerLegalName and sellerAddress,
 * required on prod: docs/decisions/0371), so receipts, emails and the legal pages name a seller
 * from the first deploy; what the owner saves takes precedence.
 */
export async function getOperatorSettings(): Promise<OperatorSettingsView> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('operatorSettings'), Key: KEY, ConsistentRead: true }));
  const item = out.Item ?? {};
  const settings = Object.fromEntries(
    (Object.keys(EMPTY_OPERATOR_SETTINGS) as (keyof OperatorSettings)[]).map((k) => [k, item[k] ?? EMPTY_OPERATOR_SETTINGS[k]]),
  ) as OperatorSettings;
  const seller = config().seller;
  if (seller) {
    settings.legalName ??= seller.legalName;
    settings.address ??= seller.address;
  }
  return { ...settings, version: Number(item.version ?? 0), ...(item.updatedAt ? { updatedAt: String(item.updatedAt) } : {}) };
}

/** JSON with object keys sorted: DynamoDB gives a map's keys back in any order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** The fields whose value differs, before and after (for the audit entry). */
function changes(before: OperatorSettings, after: OperatorSettings) {
  // A setting left out of the request (an optional one) is unset, as the stored null is: not a change.
  const keys = (Object.keys(EMPTY_OPERATOR_SETTINGS) as (keyof OperatorSettings)[]).filter((k) => canonical(before[k] ?? null) !== canonical(after[k] ?? null));
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** The owner saves every setting at once; 409 settings_changed when someone saved since `version` was read. */
export async function saveOperatorSettings(actor: StaffPerson, update: OperatorSettingsUpdate, now = new Date()): Promise<OperatorSettingsView> {
  const { version, ...settings } = update;
  const current = await getOperatorSettings();
  if (current.version !== version)
    throw new ConflictError('The settings were changed by someone else meanwhile: reload them and make your change again', 'settings_changed');
  const { version: _v, updatedAt: _u, ...before } = current;
  const diff = changes(before, settings);
  if (!diff.keys.length) return current;
  const updatedAt = now.toISOString();
  const saved = await writeTogether([
    {
      Put: {
        TableName: tableName('operatorSettings'),
        Item: { ...KEY, ...settings, version: version + 1, updatedAt, updatedBy: actor.id },
        ConditionExpression: version === 0 ? 'attribute_not_exists(id)' : 'version = :version',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
      },
    },
    auditPut({ actor, action: 'settings_changed', subject: diff.keys.join(', '), before: diff.before, after: diff.after }, now),
  ]);
  if (!saved) throw new ConflictError('The settings were changed by someone else meanwhile: reload them and make your change again', 'settings_changed');
  return { ...settings, version: version + 1, updatedAt };
}
