import { expiryAfterDays, LEAD_RETENTION_DAYS } from '#shared/retention.ts';
import type { Lead } from '#shared/wizard/leads.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { logger } from '../lib/logger.ts';
import { getSecret } from '../lib/secrets.ts';
import { activityPut } from './activity.ts';

/** The wizard step a lead stage is sent after: stage 1 = after step 2, stage 2 = after step 3. */
const STAGE_BY_STEP = { 2: 1, 3: 2 } as const;

/**
 * Upserts the lead (keyed by the browser's userId) with its latest data and the stage reached,
 * and adds a "lead captured" activity entry, in one transaction. `stagesReached` is a number
 * set, so a visitor going back to step 2 never loses stage 2. Every write moves the lead's
 * expiry (`ttl`) to LEAD_RETENTION_DAYS (30) days later: DynamoDB deletes it after that.
 */
export async function upsertLead(lead: Lead): Promise<{ stage: 1 | 2 }> {
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
  const values: Record<string, unknown> = { ':now': now, ':stage': new Set([stage]), ':ttl': expiryAfterDays(LEAD_RETENTION_DAYS) };
  const sets = ['#stageAt = :now', '#createdAt = if_not_exists(#createdAt, :now)', '#updatedAt = :now', '#ttl = :ttl'];
  for (const [field, value] of Object.entries(data)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName('leads'),
            Key: { userId },
            UpdateExpression: `SET ${sets.join(', ')} ADD #stages :stage`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        activityPut('lead_captured', `Lead captured: ${lead.firstName} ${lead.lastName} reached stage ${stage} (${lead.leadSource})`),
      ],
    }),
  );
  return { stage };
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
