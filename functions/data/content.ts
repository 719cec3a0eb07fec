import { createHash } from 'node:crypto';
import type { ContentItem } from '#shared/content/content-item.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { NotFoundError } from '../lib/errors.ts';
import { type AuditActor, auditPut } from './audit.ts';

/**
 * Content items, one per (page, section). The id is derived from page and section, so a
 * second item for the same place is refused and the seed can write conditionally.
 * Listed through the byFeed index (feed = 'CONTENT', sorted by page#section).
 * Writes, which sanitise, are in ./content-writes.ts: reading and deleting do not load the
 * HTML sanitiser (the public GET /api/content starts faster).
 */
export const FEED = 'CONTENT';
const MAX_ITEMS = 2000;

export function contentItemId(page: string, section: string): string {
  return `c_${createHash('sha256').update(`${page.toLowerCase()}#${section.toLowerCase()}`).digest('hex').slice(0, 24)}`;
}

export const contentNotFound = () => new NotFoundError('Content item not found', 'content_not_found');

export function toItem(raw: Record<string, unknown>): ContentItem {
  return {
    id: String(raw.id),
    page: String(raw.page),
    section: String(raw.section),
    content: String(raw.content ?? ''),
    contentType: raw.contentType === 'html' ? 'html' : 'text',
  };
}

/** Every item, ordered by page then section: Query pages of the byFeed index. */
export async function listContentItems(): Promise<ContentItem[]> {
  const items: ContentItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName('content'),
        IndexName: 'byFeed',
        KeyConditionExpression: 'feed = :feed',
        ExpressionAttributeValues: { ':feed': FEED },
        ExclusiveStartKey: start,
      }),
    );
    for (const raw of out.Items ?? []) items.push(toItem(raw));
    start = out.LastEvaluatedKey;
  } while (start && items.length < MAX_ITEMS);
  return items;
}

/** Deletes an item, with its audit entry (the text it had) in the same transaction. */
export async function deleteContentItem(id: string, actor: AuditActor): Promise<void> {
  const current = await ddb().send(new GetCommand({ TableName: tableName('content'), Key: { id }, ConsistentRead: true }));
  if (!current.Item) throw contentNotFound();
  const item = toItem(current.Item);
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName('content'), Key: { id }, ConditionExpression: 'attribute_exists(id)' } },
          auditPut({
            actor,
            action: 'content_deleted',
            subject: `${item.page} / ${item.section}`,
            before: { content: item.content, contentType: item.contentType },
          }),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') throw contentNotFound();
    throw err;
  }
}
