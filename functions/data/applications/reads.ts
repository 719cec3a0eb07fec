import { createHash } from 'node:crypto';
import type { ApplicationResponse } from '#shared/api/responses.schema.ts';
import type { OperatorSettingsView } from '#shared/api/staff-responses.schema.ts';
import { addOnPricesFrom } from '#shared/catalog/catalog.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { type ApplicationOrder, orderForApplication } from '#shared/payments/order.ts';
import { PUBLIC_APPLICATION_FIELDS, type PublicApplication } from '#shared/wizard/application.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { QueryCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { applicationNotFound, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { getOperatorSettings } from '../operator-settings.ts';
import { APPLICATION_INDEXES, type ApplicationItem, readItem, table, versionOf } from './item.ts';

/**
 * Reading an application: by id (staff, payments, jobs), or by the holder of a secret that opens
 * it (the visitor's browser, an order link), and what the visitor is shown of it.
 */

/** The application (strongly consistent: payments and staff decide on it); 404 when unknown. */
export async function getApplication(id: string): Promise<ApplicationItem> {
  const item = await readItem(id);
  if (!item) throw applicationNotFound();
  return item;
}

/** The application as stored now (strongly consistent), or undefined when there is none: a job's row may outlive its order. */
export function findApplication(id: string): Promise<ApplicationItem | undefined> {
  return readItem(id);
}

/** The secrets that open an application are kept only as their SHA-256: the database never holds what opens it. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The application as its holder may see it. A missing or wrong secret is "not found", exactly
 * like an unknown id: an id alone reveals nothing.
 */
export async function getApplicationForHolder(id: string, secret: string | undefined): Promise<ApplicationItem> {
  const item = await readItem(id);
  if (item && !isHolder(item, secret) && wasEndedByAddressChange(item, secret)) throw accessEnded();
  if (!item || !isHolder(item, secret)) throw applicationNotFound();
  return item;
}

/** 403: a browser whose access a change of the order's email address ended (./contact.ts). */
export const accessEnded = () =>
  new ForbiddenError(
    'This browser’s access to the order ended when the order’s email address changed: open the link in the newest email we sent, or ask for a new one',
    'access_ended',
  );

/** Whether `secret` once opened the order and a change of its email address ended it. */
export function wasEndedByAddressChange(item: Pick<ApplicationItem, 'endedAccessHashes'>, secret: string | undefined): boolean {
  return Boolean(secret && item.endedAccessHashes?.includes(hashSecret(secret)));
}

/**
 * Whether `secret` opens the application: the resume secret of the browser that created it, or
 * one handed out by a signed order link (./order-page.ts grantOrderAccess).
 */
export function isHolder(item: Pick<ApplicationItem, 'resumeSecretHash' | 'orderAccessHashes'>, secret: string | undefined): boolean {
  if (!secret) return false;
  const hash = hashSecret(secret);
  return item.resumeSecretHash === hash || Boolean(item.orderAccessHashes?.includes(hash));
}

/** Whether a paid application has this name key (only a paid order holds a name, so nobody squats one): one Query. */
export async function isNameKeyTaken(key: string, exceptId?: string): Promise<boolean> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: APPLICATION_INDEXES.byNameKey,
      KeyConditionExpression: 'nameKey = :k',
      // A disputed order still holds its name (the dispute may be won).
      FilterExpression: exceptId ? 'paymentStatus IN (:paid, :disputed) AND id <> :self' : 'paymentStatus IN (:paid, :disputed)',
      ExpressionAttributeValues: { ':k': key, ':paid': 'paid', ':disputed': 'disputed', ...(exceptId ? { ':self': exceptId } : {}) },
      Select: 'COUNT',
    }),
  );
  return (out.Count ?? 0) > 0;
}

/** How many applications one email's lookup reports at most (newest matches are not ordered: a cap, not a page). */
export const EMAIL_LOOKUP_MAX = 20;

/**
 * "Find my order": the applications placed with this email key (shared/orders/email-key.ts), one
 * Query on byEmailKey then a read of each (the index holds keys only). Unknown: an empty list.
 */
export async function applicationsForEmailKey(key: string): Promise<ApplicationItem[]> {
  if (!key) return [];
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: APPLICATION_INDEXES.byEmailKey,
      KeyConditionExpression: 'emailKey = :k',
      ExpressionAttributeValues: { ':k': key },
      Limit: EMAIL_LOOKUP_MAX,
    }),
  );
  const items = await Promise.all((out.Items ?? []).map((i) => readItem(String(i.id))));
  // The index is eventually consistent: keep only items whose email still has this key.
  return items.filter((i): i is ApplicationItem => Boolean(i && i.emailKey === key));
}

// ---- The visitor's view ----------------------------------------------------------------------

/** GET /api/llc-applications/{id}'s application: no internal attributes; `version` for later writes. */
function toPublicApplication(item: ApplicationItem): PublicApplication & { version: number } {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_APPLICATION_FIELDS) if (item[field] !== undefined) out[field] = item[field];
  return { ...(out as unknown as PublicApplication), version: versionOf(item) };
}

/**
 * What the application costs, through the one price function (shared/payments/order.ts): at the
 * add-on prices frozen when its payment started, else at the operator's settings of now. An
 * unknown filing state has no price: a 400 sending the visitor back to the wizard.
 */
export async function priceApplication(item: ApplicationItem, settings?: OperatorSettingsView): Promise<ApplicationOrder> {
  const current = item.pricedOrder ? undefined : addOnPricesFrom(settings ?? (await getOperatorSettings()));
  const order = orderForApplication(item, current);
  if (!order) throw new ValidationError('The application has no valid filing state: go back to the wizard and choose one', undefined, 'invalid_filing_state');
  return order;
}

/** GET /api/llc-applications/{id}: the public application, its filing state's pricing and the order total. */
export async function applicationView(item: ApplicationItem): Promise<ApplicationResponse> {
  // The operator's settings, read once: an unpaid order's add-on prices and its annual-report offer both come from them.
  const unpaid = !isSettledPayment(item.paymentStatus);
  const settings = unpaid || !item.pricedOrder ? await getOperatorSettings() : undefined;
  const { state: pricing, processingTime: _addOnTime, addOnPrices, ...order } = await priceApplication(item, settings);
  const offer = unpaid && settings ? await annualReportsOffered(pricing.code, settings) : {};
  return { application: toPublicApplication(item), pricing, order, addOnPrices, ...offer };
}

/**
 * The checkout's offer of the annual reports filed for the customer (docs/decisions/0434), while the
 * order is not paid: the price at our fee in force now, or why the state's report is not sold.
 * Imported on use: the state's due-date rules stay out of the other routes' cold start.
 */
async function annualReportsOffered(state: string, settings: OperatorSettingsView): Promise<Pick<ApplicationResponse, 'annualReports'>> {
  const { annualReportOffer, ANNUAL_REPORT_SERVICE_DEFAULT_USD } = await import('#shared/compliance/annual-report-service.ts');
  const serviceUsd = settings.annualReportServiceUsd ?? ANNUAL_REPORT_SERVICE_DEFAULT_USD;
  return { annualReports: annualReportOffer(state, serviceUsd, new Date().toISOString().slice(0, 10)) };
}
