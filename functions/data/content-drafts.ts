import type { ContentDraft, RejectContentDraftInput, SaveContentDraftInput } from '#shared/content/content-draft.schema.ts';
import type { ContentItem, ContentType } from '#shared/content/content-item.schema.ts';
import { sanitizeContent } from '#shared/content/sanitize-content.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand, type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { type AuditActor, auditPut } from './audit.ts';
import { contentItemId, FEED, toItem } from './content.ts';

/**
 * Drafts of site texts (docs/decisions/0412-site-texts-approved-by-an-owner.md): a processor's
 * change waits here until an owner approves it. Drafts live in the content table beside the
 * published items, apart from them: their own id (`d_` + the place's hash, so one draft per place)
 * and their own feed (DRAFT_FEED), so GET /api/content and the prerender, which read FEED, never
 * see one, and the site publisher skips their stream records (site/publisher/publish.ts).
 *
 * Every write is conditional on the version its writer read and is one transaction with its audit
 * entry. Approving deletes the draft and writes the published item (conditional on the published
 * text the owner's approval replaces) in the same transaction, with one entry naming the drafter
 * and, as its actor, the approver.
 */
export const DRAFT_FEED = 'CONTENT_DRAFT';
const MAX_DRAFTS = 2000;

/** The draft of (page, section): the place's item id with `d_` for `c_`. */
export function contentDraftId(page: string, section: string): string {
  return `d_${contentItemId(page, section).slice(2)}`;
}

/** Whether a content table key is a draft's (the site publisher ignores their records). */
export const isDraftId = (id: string | undefined) => Boolean(id?.startsWith('d_'));

const draftNotFound = () => new NotFoundError('This draft no longer exists: it was approved, or the place was never drafted', 'draft_not_found');
const draftChanged = () =>
  new ConflictError('The draft changed since you opened it (saved again, approved or rejected); reload the editor and look at it again', 'draft_changed');

const place = (d: { page: string; section: string }) => `${d.page} / ${d.section}`;

function toDraft(raw: Record<string, unknown>): ContentDraft {
  return {
    id: String(raw.id),
    page: String(raw.page),
    section: String(raw.section),
    content: String(raw.content ?? ''),
    contentType: raw.contentType === 'html' ? 'html' : 'text',
    version: Number(raw.version),
    status: raw.status === 'rejected' ? 'rejected' : 'pending',
    draftedBy: { id: String(raw.drafterId), email: String(raw.drafterEmail) },
    draftedAt: String(raw.draftedAt),
    ...(raw.status === 'rejected'
      ? { rejection: { reason: String(raw.rejectionReason ?? ''), by: String(raw.rejectedByEmail ?? ''), at: String(raw.rejectedAt ?? '') } }
      : {}),
  };
}

/** The change and its audit entry together; the index of the item whose condition failed, or -1. */
async function withAudit(items: TransactItem[]): Promise<number> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return -1;
  } catch (err) {
    if (err instanceof TransactionCanceledException) {
      const failed = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) return failed;
    }
    throw err;
  }
}

async function readDraft(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('content'), Key: { id }, ConsistentRead: true }));
  return out.Item && out.Item.feed === DRAFT_FEED ? out.Item : undefined;
}

/** Every draft, pending and rejected, ordered by page then section. */
export async function listContentDrafts(): Promise<ContentDraft[]> {
  const drafts: ContentDraft[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName('content'),
        IndexName: 'byFeed',
        KeyConditionExpression: 'feed = :feed',
        ExpressionAttributeValues: { ':feed': DRAFT_FEED },
        ExclusiveStartKey: start,
      }),
    );
    for (const raw of out.Items ?? []) drafts.push(toDraft(raw));
    start = out.LastEvaluatedKey;
  } while (start && drafts.length < MAX_DRAFTS);
  return drafts;
}

/**
 * Saves the draft of a place: a new one (no `version`; 409 draft_exists when the place has one) or
 * the one read at `version` (409 draft_changed otherwise). A rejected draft saved again is pending
 * again, and the saver is its drafter. The public text does not change.
 */
export async function saveContentDraft(input: SaveContentDraftInput, actor: AuditActor): Promise<ContentDraft> {
  const contentType: ContentType = input.contentType ?? 'text';
  const content = sanitizeContent(input.content, contentType);
  const id = contentDraftId(input.page, input.section);
  const now = new Date().toISOString();
  const record = {
    id,
    feed: DRAFT_FEED,
    pageSection: `${input.page}#${input.section}`,
    page: input.page,
    section: input.section,
    content,
    contentType,
    version: (input.version ?? 0) + 1,
    status: 'pending',
    drafterId: actor.id,
    drafterEmail: actor.email,
    draftedAt: now,
  };
  const previous = input.version === undefined ? undefined : await readDraft(id);
  if (input.version !== undefined && !previous) throw draftNotFound();
  const failed = await withAudit([
    {
      Put: {
        TableName: tableName('content'),
        Item: record,
        ...(input.version === undefined
          ? { ConditionExpression: 'attribute_not_exists(id)' }
          : { ConditionExpression: 'attribute_exists(id) AND version = :version', ExpressionAttributeValues: { ':version': input.version } }),
      },
    },
    auditPut({
      actor,
      action: 'content_draft_saved',
      subject: place(record),
      ...(previous ? { before: { content: previous.content, contentType: previous.contentType } } : {}),
      after: { content, contentType },
    }),
  ]);
  if (failed === 0 && input.version === undefined) {
    throw new ConflictError(`A draft of ${place(record)} exists already; change that draft instead`, 'draft_exists');
  }
  if (failed === 0) throw draftChanged();
  return toDraft(record);
}

/**
 * Publishes a draft as the owner previewed it (`version`): the published item gets its text, the
 * draft is deleted and one audit entry names the drafter (in `after`) and the approver (its
 * actor). Refused: the drafter approving their own draft (403 own_draft), a rejected draft (409
 * draft_rejected), another version (409 draft_changed).
 */
export async function approveContentDraft(id: string, version: number, actor: AuditActor): Promise<ContentItem> {
  const raw = await readDraft(id);
  if (!raw) throw draftNotFound();
  const draft = toDraft(raw);
  if (draft.draftedBy.id === actor.id) {
    throw new ForbiddenError('You wrote this draft, so you cannot approve it: another owner approves it', 'own_draft');
  }
  if (draft.version !== version) throw draftChanged();
  if (draft.status === 'rejected') {
    throw new ConflictError('This draft was rejected; it can be approved once its drafter saves it again', 'draft_rejected');
  }
  const itemId = contentItemId(draft.page, draft.section);
  const current = await ddb().send(new GetCommand({ TableName: tableName('content'), Key: { id: itemId }, ConsistentRead: true }));
  const now = new Date().toISOString();
  const published = {
    id: itemId,
    feed: FEED,
    pageSection: `${draft.page}#${draft.section}`,
    page: draft.page,
    section: draft.section,
    content: draft.content,
    contentType: draft.contentType,
    createdAt: current.Item?.createdAt ?? now,
    updatedAt: now,
  };
  const failed = await withAudit([
    {
      Delete: {
        TableName: tableName('content'),
        Key: { id },
        ConditionExpression: 'version = :version AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':version': version, ':pending': 'pending' },
      },
    },
    {
      Put: {
        TableName: tableName('content'),
        Item: published,
        // The published text the entry's "before" names is the one replaced.
        ...(current.Item
          ? {
              ConditionExpression: 'content = :previous AND contentType = :previousType',
              ExpressionAttributeValues: { ':previous': current.Item.content, ':previousType': current.Item.contentType },
            }
          : { ConditionExpression: 'attribute_not_exists(id)' }),
      },
    },
    auditPut({
      actor,
      action: 'content_draft_approved',
      subject: place(draft),
      ...(current.Item ? { before: { content: current.Item.content, contentType: current.Item.contentType } } : {}),
      after: { content: draft.content, contentType: draft.contentType, draftedBy: draft.draftedBy.email },
    }),
  ]);
  if (failed === 0) throw draftChanged();
  if (failed === 1) throw new ConflictError('The published text changed while approving; reload the editor and approve again', 'content_changed');
  return toItem(published);
}

/** Rejects a pending draft at `version` with the reason its drafter is shown; the public text does not change. */
export async function rejectContentDraft(id: string, input: RejectContentDraftInput, actor: AuditActor): Promise<ContentDraft> {
  const raw = await readDraft(id);
  if (!raw) throw draftNotFound();
  const draft = toDraft(raw);
  if (draft.version !== input.version) throw draftChanged();
  if (draft.status === 'rejected') throw new ConflictError('This draft was rejected already', 'draft_rejected');
  const now = new Date().toISOString();
  const rejected = {
    ...raw,
    version: input.version + 1,
    status: 'rejected',
    rejectionReason: input.reason,
    rejectedById: actor.id,
    rejectedByEmail: actor.email,
    rejectedAt: now,
  };
  const failed = await withAudit([
    {
      Put: {
        TableName: tableName('content'),
        Item: rejected,
        ConditionExpression: 'version = :version AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':version': input.version, ':pending': 'pending' },
      },
    },
    auditPut({
      actor,
      action: 'content_draft_rejected',
      subject: place(draft),
      before: { content: draft.content, contentType: draft.contentType, draftedBy: draft.draftedBy.email },
      after: { reason: input.reason },
    }),
  ]);
  if (failed === 0) throw draftChanged();
  return toDraft(rejected);
}
