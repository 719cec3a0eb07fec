import type { ContentItem, ContentType, CreateContentInput, UpdateContentInput } from '#shared/content/content-item.ts';
import { sanitizeContent } from '#shared/content/sanitize-content.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { ConditionalCheckFailedException, GetCommand, PutCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError } from '../lib/errors.ts';
import { contentItemId, contentNotFound, FEED, toItem } from './content.ts';

/** Creating and editing content items (see ./content.ts): every write sanitises for its type. */
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

/** Creates the item for (page, section); 409 content_exists when one exists already. */
export async function createContentItem(input: CreateContentInput): Promise<ContentItem> {
  const record = newItemRecord(input, new Date().toISOString());
  const created = await writeIf(ddb().send(new PutCommand({ TableName: tableName('content'), Item: record, ConditionExpression: 'attribute_not_exists(id)' })));
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
export async function updateContentItem(id: string, input: UpdateContentInput): Promise<ContentItem> {
  const current = await ddb().send(new GetCommand({ TableName: tableName('content'), Key: { id }, ConsistentRead: true }));
  if (!current.Item) throw contentNotFound();
  const previousType: ContentType = current.Item.contentType === 'html' ? 'html' : 'text';
  const contentType = input.contentType ?? previousType;
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName('content'),
        Key: { id },
        UpdateExpression: 'SET content = :content, contentType = :type, updatedAt = :now',
        ConditionExpression: 'attribute_exists(id) AND contentType = :previousType',
        ExpressionAttributeValues: {
          ':content': sanitizeContent(input.content, contentType),
          ':type': contentType,
          ':previousType': previousType,
          ':now': new Date().toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toItem(out.Attributes ?? {});
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw new ConflictError('The item changed while saving; reload and try again', 'content_changed');
    throw err;
  }
}
