import { createHash, randomBytes } from 'node:crypto';
import { expiryAfterDays, LEAD_RETENTION_DAYS } from '#shared/retention.ts';
import type { Lead } from '#shared/wizard/leads.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ForbiddenError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { getSecret } from '../lib/secrets.ts';
import { activityPut } from './activity.ts';

/** The wizard step a lead stage is sent after: stage 1 = after step 2, stage 2 = after step 3. */
const STAGE_BY_STEP = { 2: 1, 3: 2 } as const;

/** Refused: the lead exists and the request does not carry the secret its first write handed out. */
export const leadLocked = () => new ForbiddenError('This lead was started in another wizard session: only that session can change it', 'lead_secret_required');

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Writes the lead (keyed by the browser's userId) with its latest data and the stage reached,
 * and adds a "lead captured" activity entry, in one transaction. A lead is created once per
 * wizard session with a secret of its own (returned as `leadSecret`, kept as its SHA-256); a
 * later write must carry that secret (`secret`), so someone who knows or guesses a userId
 * cannot overwrite another visitor's lead (403 lead_secret_required). `stagesReached` is a
 * number set, so a visitor going back to step 2 never loses stage 2. Every write moves the
 * lead's expiry (`ttl`) to LEAD_RETENTION_DAYS (30) days later: DynamoDB deletes it after that.
 */
export async function upsertLead(lead: Lead, secret?: string): Promise<{ stage: 1 | 2; leadSecret?: string }> {
  const stage = STAGE_BY_STEP[lead.stepCompleted];
  const now = new Date().toISOString();
  const { userId, ...data } = lead;
  const names: Record<string, string> = {
    '#stageAt': `stage${stage}At`,
    '#createdAt': 'createdAt',
    '#updatedAt': 'updatedAt',
    '#stages': 'stagesReached',
    '#ttl': 'ttl',
  };
  // No secret: this request may only create the lead, and hands out its secret.
  const issued = secret ? undefined : randomBytes(24).toString('base64url');
  names['#userId'] = 'userId';
  names['#secretHash'] = 'secretHash';
  const values: Record<string, unknown> = {
    ':now': now,
    ':stage': new Set([stage]),
    ':ttl': expiryAfterDays(LEAD_RETENTION_DAYS),
    ':secretHash': hash(secret ?? (issued as string)),
  };
  const sets = ['#stageAt = :now', '#createdAt = if_not_exists(#createdAt, :now)', '#updatedAt = :now', '#ttl = :ttl', '#secretHash = :secretHash'];
  for (const [field, value] of Object.entries(data)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('leads'),
              Key: { userId },
              UpdateExpression: `SET ${sets.join(', ')} ADD #stages :stage`,
              // A lead that expired (or never reached us) may be written again by the session holding its secret.
              ConditionExpression: secret ? 'attribute_not_exists(#userId) OR #secretHash = :secretHash' : 'attribute_not_exists(#userId)',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          activityPut('lead_captured', `Lead captured: ${lead.firstName} ${lead.lastName} reached stage ${stage} (${lead.leadSource})`),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') throw leadLocked();
    throw err;
  }
  return issued ? { stage, leadSecret: issued } : { stage };
}

export const CRM_TIMEOUT_MS = 3000;

/**
 * Sends the lead to the CRM webhook when one is configured. Never throws: a slow or failing CRM
 * is logged and the visitor's request still succeeds (bounded by the 3 s timeout).
 */
export async function forwardLeadToCrm(lead: Lead): Promise<'sent' | 'skipped' | 'failed'> {
  const url = await getSecret('crmWebhookUrl').catch(() => undefined);
  if (!url || !/^https?:\/\//i.test(url)) return 'skipped';
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
    if (!res.ok) {
      logger.warn('CRM webhook answered with an error', { status: res.status });
      return 'failed';
    }
    return 'sent';
  } catch (err) {
    logger.warn('CRM webhook failed', { error: (err as Error).message });
    return 'failed';
  }
}
