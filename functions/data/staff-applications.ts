import { type ApplicationStatus, isAllowedStaffMove, MISSING_STATUS_MEANS, normaliseStatus, staffMoveTo } from '#shared/application-status.ts';
import { compareText } from '#shared/compare-text.ts';
import { type ApplicationListQuery, STAFF_APPLICATIONS_PAGE_SIZE, type StaffApplication } from '#shared/staff/applications.ts';
import * as z from '#shared/zod.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { ConditionalCheckFailedException, GetCommand, QueryCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { activityPut } from './activity.ts';
import { applicationUpdate, writeApplicationChange } from './application-changes.ts';
import { statusCounterUpdate } from './counters.ts';
import { InvalidCursorError } from './cursor.ts';

/**
 * Applications as staff see and move them. Lists are Queries on the byList (all non-drafts)
 * and byStatus indexes, newest first; status moves are one transaction with the counters.
 */

export class ApplicationNotFoundError extends Error {
  constructor() {
    super('Application not found');
  }
}

/** An illegal or stale status move: the caller is told the status the application really has. */
export class StatusConflictError extends Error {
  constructor(
    message: string,
    readonly currentStatus: string,
  ) {
    super(message);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strList = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const optStr = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export function toStaffApplication(raw: Record<string, unknown>): StaffApplication {
  return {
    id: str(raw.id),
    firstName: str(raw.firstName),
    lastName: str(raw.lastName),
    email: str(raw.email),
    phone: str(raw.phone),
    state: str(raw.state),
    businessName: str(raw.businessName),
    annualIncome: typeof raw.annualIncome === 'number' ? raw.annualIncome : null,
    contentTypes: strList(raw.contentTypes),
    platforms: strList(raw.platforms),
    notes: str(raw.notes),
    status: normaliseStatus(optStr(raw.status)),
    createdAt: str(raw.createdAt),
    submittedAt: optStr(raw.submittedAt),
    expeditedFiling: raw.expeditedFiling === true,
    feinFiling: raw.feinFiling === true,
    operatingAgreement: raw.operatingAgreement === true,
    paymentStatus: optStr(raw.paymentStatus),
    amountPaidCents: typeof raw.amountPaidCents === 'number' ? raw.amountPaidCents : undefined,
    paymentProvider: optStr(raw.paymentProvider),
    paidAt: optStr(raw.paidAt),
    sunbizDocumentKey: optStr(raw.sunbizDocumentKey),
    sunbizGeneratedAt: optStr(raw.sunbizGeneratedAt),
  };
}

export async function getApplication(id: string): Promise<StaffApplication> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('applications'), Key: { id }, ConsistentRead: true }));
  if (!out.Item) throw new ApplicationNotFoundError();
  return toStaffApplication(out.Item);
}

// ---- Listing -------------------------------------------------------------------------------

/** One index partition read newest first. */
interface Stream {
  index: 'byList' | 'byStatus';
  partitionAttr: 'listPartition' | 'status';
  partitionValue: string;
}

/** Where each stream continues: after a key, or finished. */
type Position = { after: Record<string, string> } | 'done' | 'start';

const positionSchema = z.union([
  z.literal('done'),
  z.literal('start'),
  z.strictObject({ after: z.record(z.string().check(z.maxLength(40)), z.string().check(z.minLength(1), z.maxLength(200))) }),
]);

function streamsFor(query: ApplicationListQuery): Stream[] {
  if (query.status) return [{ index: 'byStatus', partitionAttr: 'status', partitionValue: query.status }];
  const all: Stream = { index: 'byList', partitionAttr: 'listPartition', partitionValue: 'ALL' };
  if (query.includeDrafts === 'true') return [all, { index: 'byStatus', partitionAttr: 'status', partitionValue: 'draft' }];
  return [all];
}

function decodePositions(cursor: string | undefined, streams: Stream[]): Position[] {
  if (!cursor) return streams.map(() => 'start');
  try {
    const parsed = z
      .array(positionSchema)
      .check(z.length(streams.length))
      .safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success) throw new InvalidCursorError();
    parsed.data.forEach((p, i) => {
      if (typeof p === 'object') {
        const expected = ['id', streams[i].partitionAttr, 'createdAt'].sort().join();
        if (Object.keys(p.after).sort().join() !== expected || p.after[streams[i].partitionAttr] !== streams[i].partitionValue) throw new InvalidCursorError();
      }
    });
    return parsed.data as Position[];
  } catch {
    throw new InvalidCursorError();
  }
}

/**
 * Merges the streams' pages newest first, keeping each stream's own order. DynamoDB returns
 * index items with equal createdAt in an order of its own, and a cursor continues from the last
 * item taken in that order; re-sorting ties (by id, say) would repeat and skip items across pages.
 */
function mergeNewestFirst(pages: Record<string, unknown>[][]): { item: Record<string, unknown>; stream: number }[] {
  const next = pages.map(() => 0);
  const merged: { item: Record<string, unknown>; stream: number }[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < pages.length; i++) {
      if (next[i] >= pages[i].length) continue;
      if (pick < 0 || compareText(str(pages[i][next[i]].createdAt), str(pages[pick][next[pick]].createdAt)) > 0) pick = i;
    }
    if (pick < 0) return merged;
    merged.push({ item: pages[pick][next[pick]++], stream: pick });
  }
}

/**
 * One page (25) newest first. Each stream is read with at most one Query (Limit 26: the extra
 * item tells whether more follow); with drafts included, two streams are merged by date.
 */
export async function listApplications(query: ApplicationListQuery): Promise<{ items: StaffApplication[]; nextCursor: string | null }> {
  const pageSize = STAFF_APPLICATIONS_PAGE_SIZE;
  const streams = streamsFor(query);
  const positions = decodePositions(query.cursor, streams);
  const fetched = await Promise.all(
    streams.map(async (s, i) => {
      const pos = positions[i];
      if (pos === 'done') return [];
      const out = await ddb().send(
        new QueryCommand({
          TableName: tableName('applications'),
          IndexName: s.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': s.partitionAttr },
          ExpressionAttributeValues: { ':pk': s.partitionValue },
          ScanIndexForward: false,
          Limit: pageSize + 1,
          ExclusiveStartKey: pos === 'start' ? undefined : pos.after,
        }),
      );
      return out.Items ?? [];
    }),
  );
  const merged = mergeNewestFirst(fetched);
  const page = merged.slice(0, pageSize);
  const next: Position[] = streams.map((s, i) => {
    if (positions[i] === 'done') return 'done';
    const taken = page.filter((p) => p.stream === i);
    const exhausted = fetched[i].length <= pageSize && taken.length === fetched[i].length;
    if (exhausted) return 'done';
    const last = taken.at(-1)?.item;
    if (!last) return positions[i];
    return { after: { id: str(last.id), [s.partitionAttr]: s.partitionValue, createdAt: str(last.createdAt) } };
  });
  const nextCursor = next.every((p) => p === 'done') ? null : Buffer.from(JSON.stringify(next)).toString('base64url');
  return { items: page.map((p) => toStaffApplication(p.item)), nextCursor };
}

// ---- Changes -------------------------------------------------------------------------------

function displayName(app: StaffApplication): string {
  return app.businessName || `${app.firstName} ${app.lastName}`.trim() || app.id.slice(0, 8);
}

/**
 * Staff update: a status move (conditional on the status the move starts from, with the
 * counters and an activity entry in the same transaction, so two concurrent moves cannot both
 * win) and/or new notes.
 */
export async function updateApplicationByStaff(
  id: string,
  update: { status?: Exclude<ApplicationStatus, 'draft'>; notes?: string },
): Promise<StaffApplication> {
  const current = await getApplication(id);
  const now = new Date().toISOString();
  if (update.status === undefined) {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName('applications'),
          Key: { id },
          UpdateExpression: 'SET notes = :notes, updatedAt = :now',
          ConditionExpression: 'attribute_exists(id)',
          ExpressionAttributeValues: { ':notes': update.notes ?? '', ':now': now },
        }),
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new ApplicationNotFoundError();
      throw err;
    }
    return { ...current, notes: update.notes ?? '' };
  }

  const to = update.status;
  const from = current.status;
  const move = staffMoveTo(to);
  if (!move || !isAllowedStaffMove(from, to)) {
    throw new StatusConflictError(
      `Cannot move an application from ${from} to ${to}; ${move ? `only ${move.from} applications can` : 'that is not a staff move'}`,
      from,
    );
  }
  const values: Record<string, unknown> = { ':from': move.from, ':to': to, ':now': now };
  // An application with no status counts as submitted, so the move from submitted also accepts it.
  const fromMissing = move.from === MISSING_STATUS_MEANS;
  if (fromMissing) values[':blank'] = '';
  let expr = 'SET #status = :to, updatedAt = :now';
  if (update.notes !== undefined) {
    expr += ', notes = :notes';
    values[':notes'] = update.notes;
  }
  const moved = await writeApplicationChange(
    applicationUpdate(id, {
      UpdateExpression: expr,
      ConditionExpression: fromMissing ? '(#status = :from OR #status = :blank OR attribute_not_exists(#status))' : '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    }),
    [statusCounterUpdate(move.from, to), activityPut('status_changed', `${move.action}: ${displayName(current)} moved from ${move.from} to ${to}`, id)],
  );
  if (!moved) {
    // Someone else moved it first (or it vanished): report what it is now.
    const now2 = await ddb().send(new GetCommand({ TableName: tableName('applications'), Key: { id }, ConsistentRead: true }));
    if (!now2.Item) throw new ApplicationNotFoundError();
    const actual = normaliseStatus(optStr(now2.Item.status));
    throw new StatusConflictError(`The application is ${actual} now, so it cannot move from ${move.from} to ${to}`, actual);
  }
  return { ...current, status: to, ...(update.notes !== undefined ? { notes: update.notes } : {}) };
}

/** Records the generated Sunbiz document on the application, with an activity entry. */
export async function recordSunbizDocument(app: StaffApplication, key: string): Promise<StaffApplication> {
  const now = new Date().toISOString();
  const recorded = await writeApplicationChange(
    applicationUpdate(app.id, {
      UpdateExpression: 'SET sunbizDocumentKey = :key, sunbizGeneratedAt = :now, updatedAt = :now',
      ConditionExpression: 'attribute_exists(id)',
      ExpressionAttributeValues: { ':key': key, ':now': now },
    }),
    [activityPut('sunbiz_generated', `Sunbiz Articles of Organization generated for ${displayName(app)}`, app.id)],
  );
  if (!recorded) throw new ApplicationNotFoundError();
  return { ...app, sunbizDocumentKey: key, sunbizGeneratedAt: now };
}
