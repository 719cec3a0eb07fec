import { randomUUID } from 'node:crypto';
import { priceOrder } from '#shared/pricing.ts';
import { DEFAULT_STATE_CODE, findStatePricing, type StatePricing } from '#shared/states.ts';
import { type ApplicationResponse, PUBLIC_APPLICATION_FIELDS, type PublicApplication } from '#shared/wizard/application.ts';
import { nameKey } from '#shared/wizard/business-name.ts';
import type { WizardPatch } from '#shared/wizard/schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { ConditionalCheckFailedException, GetCommand, PutCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { activityPut } from './activity.ts';
import { applicationUpdate, writeApplicationChange } from './application-changes.ts';
import { statusCounterUpdate } from './counters.ts';

/**
 * The applications table, as the wizard writes it. Item = wizard data (docs/product.md section 3) +
 * id, createdAt, updatedAt, submittedAt, status, paymentStatus, and two index keys:
 * listPartition = 'ALL' once the status leaves draft (staff list GSI byList), nameKey = the
 * business name's collision key (GSI byNameKey, name availability).
 */
export type ApplicationItem = PublicApplication & {
  listPartition?: 'ALL';
  nameKey?: string;
  [attribute: string]: unknown;
};

/** Outcome of a change that did not apply. */
export class ApplicationNotFound extends Error {}
export class ApplicationPaid extends Error {}

const LIST_PARTITION = 'ALL';

/** New draft from a first save: one PutItem. */
export async function createApplication(data: WizardPatch): Promise<{ id: string }> {
  const now = new Date().toISOString();
  const id = randomUUID();
  const { completed: _ignored, ...fields } = data;
  const key = fields.businessName ? nameKey(fields.businessName) : '';
  const item = {
    state: DEFAULT_STATE_CODE,
    expeditedFiling: false,
    feinFiling: false,
    operatingAgreement: false,
    currentStep: 1,
    ...fields,
    completed: false,
    id,
    status: 'draft',
    paymentStatus: 'unpaid',
    createdAt: now,
    updatedAt: now,
    ...(key ? { nameKey: key } : {}),
  };
  await ddb().send(new PutCommand({ TableName: tableName('applications'), Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
  return { id };
}

interface UpdateParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** SET every given wizard field (+ updatedAt, nameKey); extra SETs for the submission. */
function updateParts(patch: WizardPatch, now: string, extra: Record<string, unknown> = {}): UpdateParts {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':paid': 'paid' };
  const sets: string[] = [];
  const removes: string[] = [];
  const set = (field: string, value: unknown) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  };
  const { completed, ...fields } = patch;
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) set(field, value);
  // completed only ever moves forward; `false` from an autosave is not a change.
  if (completed) set('completed', true);
  if (patch.businessName !== undefined) {
    const key = nameKey(patch.businessName);
    if (key) set('nameKey', key);
    else {
      names['#nameKey'] = 'nameKey';
      removes.push('#nameKey');
    }
  }
  for (const [field, value] of Object.entries(extra)) set(field, value);
  set('updatedAt', now);
  return {
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: { ...names, '#id': 'id', '#paymentStatus': 'paymentStatus' },
    ExpressionAttributeValues: values,
  };
}

const EXISTS_AND_UNPAID = 'attribute_exists(#id) AND (attribute_not_exists(#paymentStatus) OR #paymentStatus <> :paid)';

/** Only on a failed condition: was it missing or paid? */
async function failureReason(id: string): Promise<Error> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName('applications'), Key: { id }, ProjectionExpression: 'id, paymentStatus', ConsistentRead: true }),
  );
  return out.Item ? new ApplicationPaid() : new ApplicationNotFound();
}

/**
 * Autosave / add-on toggles: exactly one UpdateItem, conditional on the application existing and
 * not being paid. Throws ApplicationNotFound / ApplicationPaid (a GetItem only on that path).
 */
export async function saveApplication(id: string, patch: WizardPatch): Promise<void> {
  const now = new Date().toISOString();
  try {
    await ddb().send(
      new UpdateCommand({ TableName: tableName('applications'), Key: { id }, ConditionExpression: EXISTS_AND_UNPAID, ...updateParts(patch, now) }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw await failureReason(id);
    throw err;
  }
}

/**
 * Final submission (completed: true): draft -> submitted in one transaction with the dashboard
 * counter and the activity entry. Already submitted: the plain save (still no read first).
 */
export async function submitApplication(id: string, patch: WizardPatch): Promise<void> {
  const now = new Date().toISOString();
  const parts = updateParts({ ...patch, completed: true }, now, { status: 'submitted', submittedAt: now, listPartition: LIST_PARTITION });
  const who = [patch.firstName, patch.lastName].filter(Boolean).join(' ') || 'A visitor';
  const what = patch.businessName ? `"${patch.businessName}"` : 'an LLC';
  const submitted = await writeApplicationChange(
    applicationUpdate(id, {
      ...parts,
      ConditionExpression: `${EXISTS_AND_UNPAID} AND #status = :draft`,
      ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#status': 'status' },
      ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':draft': 'draft' },
    }),
    [statusCounterUpdate('draft', 'submitted'), activityPut('application_submitted', `${who} submitted an application for ${what}`, id)],
  );
  // Not a draft any more (already submitted): the plain save, which reports 404/409 itself.
  if (!submitted) await saveApplication(id, { ...patch, completed: true });
}

export async function getApplication(id: string): Promise<ApplicationItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('applications'), Key: { id } }));
  return out.Item as ApplicationItem | undefined;
}

/** The item without internal attributes. */
export function publicApplication(item: ApplicationItem): PublicApplication {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_APPLICATION_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  return out as unknown as PublicApplication;
}

/** GET /api/llc-applications/{id}: the public application, its filing state's pricing and the order total. */
export async function getApplicationView(id: string): Promise<ApplicationResponse | undefined> {
  const item = await getApplication(id);
  if (!item) return undefined;
  const application = publicApplication(item);
  const pricing = findStatePricing(application.state) ?? (findStatePricing(DEFAULT_STATE_CODE) as StatePricing);
  return { application, pricing, order: priceOrder(pricing, application) };
}
