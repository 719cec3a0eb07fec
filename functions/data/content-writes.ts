import type { ContentItem, ContentType, CreateContentInput, UpdateContentInput } from '#shared/content/content-item.schema.ts';
import { sanitizeContent } from '#shared/content/sanitize-content.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { GetCommand, PutCommand, type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError } from '../lib/errors.ts';
import { type AuditActor, auditPut } from './audit.ts';
import { contentItemId, contentNotFound, FEED, toItem } from './content.ts';

/**
 * Creating and editing content items (see ./content.ts): every write sanitises for its type, and
 * is one transaction with its audit entry (who, the place, the text before and after).
 */
function newItemRecord(input: CreateContentInput, now: string) {
  const contentType: ContentType = input.contentType ?? 'text';
  return {
    id: contentItemId(input.page, input.section),
    feed: FEED,
    pageSection: `${input.page}#${input.section}`,
    page: input.page,
    section: input.section,
    content: sanitizeContent(input.content, contentType),
    contentType,
    createdAt: now,
    updatedAt: now,
  };
}

/** The change and its audit entry, together; false when the change's condition failed. */
async function withAudit(change: TransactItem, audit: TransactItem): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [change, audit] }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

const place = (item: { page: string; section: string }) => `${item.page} / ${item.section}`;

/** Creates the item for (page, section); 409 content_exists when one exists already. */
export async function createContentItem(input: CreateContentInput, actor: AuditActor): Promise<ContentItem> {
  const record = newItemRecord(input, new Date().toISOString());
  const created = await withAudit(
    { Put: { TableName: tableName('content'), Item: record, ConditionExpression: 'attribute_not_exists(id)' } },
    auditPut({ actor, action: 'content_created', subject: place(record), after: { content: record.content, contentType: record.contentType } }),
  );
  if (!created) throw new ConflictError(`Content for ${input.page} / ${input.section} already exists; edit that item instead`, 'content_exists');
  return toItem(record);
}

/** Seeds an item unless one exists for (page, section): never overwrites an edited item. */
export async function seedContentItem(input: CreateContentInput): Promise<boolean> {
  return writeIf(
    ddb().send(
      new PutCommand({
        TableName: tableName('content'),
        Item: newItemRecord(input, new Date().toISOString()),
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    ),
  );
}

/**
 * New content (and optionally type) for an item. The content is sanitised for the type it will
 * have, and the write is conditional on that type still being current, so a concurrent type
 * change cannot leave unsanitised HTML behind.
 */
export async function updateContentItem(id: string, input: UpdateContentInput, actor: AuditActor): Promise<ContentItem> {
  const current = await ddb().send(new GetCommand({ TableName: tableName('content'), Key: { id }, ConsistentRead: true }));
  if (!current.Item) throw contentNotFound();
  const previousType: ContentType = current.Item.contentType === 'html' ? 'html' : 'text';
  const contentType = input.contentType ?? previousType;
  const content = sanitizeContent(input.content, contentType);
  const now = new Date().toISOString();
  const updated = await withAudit(
    {
      Update: {
        TableName: tableName('content'),
        Key: { id },
        UpdateExpression: 'SET content = :content, contentType = :type, updatedAt = :now',
        // The content read is part of the condition: the audit's "before" is what was replaced.
        ConditionExpression: 'attribute_exists(id) AND contentType = :previousType AND content = :previous',
        ExpressionAttributeValues: { ':content': content, ':type': contentType, ':previousType': previousType, ':previous': current.Item.content, ':now': now },
      },
    },
    auditPut({
      actor,
      action: 'content_updated',
      subject: place(toItem(current.Item)),
      before: { content: current.Item.content, contentType: previousType },
      after: { content, contentType },
    }),
  );
  if (!updated) throw new ConflictError('The item changed while saving; reload and try again', 'content_changed');
  return toItem({ ...current.Item, content, contentType, updatedAt: now });
}
