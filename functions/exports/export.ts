import { addOnsOf, addOnWords, boughtFlags, FEE_COLUMNS, feeColumnOf } from '#shared/catalog/catalog.ts';
import type { FeeColumn } from '#shared/catalog/types.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import type { ExportRequest, ExportResult } from '#shared/staff/exports.schema.ts';
import { csvLine, dollars, ORDER_COLUMNS, PAYMENT_COLUMNS } from '#shared/staff/exports.ts';
import { activityBetween } from '../data/activity.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { ordersSelectedBy, readApplications } from '../data/applications/search.ts';
import { type AuditActor, recordAudit } from '../data/audit.ts';
import { CsvFile } from './csv-file.ts';

/**
 * The CSV exports (docs/product.md section 9, "Exports"): the orders the list's search and
 * filters select, or the payments received between two days. Orders are read a page at a time
 * and written to the file as they come (./csv-file.ts), so memory stays flat whatever the size.
 */

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * The order's price lines summed by export column (shared/catalog/catalog.ts FEE_COLUMNS), in
 * cents: every line lands in exactly one column, so the columns add up to what the order costs.
 */
function feesOf(app: ApplicationItem): Record<FeeColumn, number | undefined> {
  const sums: Partial<Record<FeeColumn, number>> = {};
  for (const line of orderForApplication(app)?.lines ?? []) {
    const column = feeColumnOf(line.key);
    sums[column] = (sums[column] ?? 0) + Math.round(line.amount * 100);
  }
  return Object.fromEntries(FEE_COLUMNS.map(({ column }) => [column, sums[column]])) as Record<FeeColumn, number | undefined>;
}

/** Our part of an order (everything but the government's fees), in cents. */
function oursOf(fees: Record<FeeColumn, number | undefined>): number | undefined {
  const ours = OUR_COLUMNS.map((c) => fees[c]).filter((c): c is number => c !== undefined);
  return ours.length ? ours.reduce((sum, c) => sum + c, 0) : undefined;
}

const OUR_COLUMNS: readonly FeeColumn[] = ['serviceFee', 'addOns'];

function orderRow(app: ApplicationItem): string {
  const fees = feesOf(app);
  return csvLine([
    orderNumber(app.id),
    app.id,
    app.createdAt,
    app.submittedAt,
    app.paidAt,
    app.processingAt,
    app.filedAt,
    app.completedAt,
    app.status ?? 'submitted',
    app.paymentStatus ?? 'unpaid',
    app.businessName,
    app.firstName,
    app.lastName,
    app.email,
    app.state,
    // What the order bought: at checkout and since (paid purchases, docs/decisions/0424), as staff see it.
    addOnsOf(boughtFlags(app))
      .map((e) => addOnWords(e.key, app))
      .join('; '),
    dollars(app.amountPaidCents),
    dollars(app.amountRefundedCents),
    ...FEE_COLUMNS.map(({ column }) => dollars(fees[column])),
    app.paymentProvider,
    app.paymentReference,
    app.fileNumber,
    app.filedOn,
    app.assignee?.email,
  ]);
}

function paymentRow(app: ApplicationItem, paidAt: string): string {
  const fees = feesOf(app);
  const refunds = (app.refunds ?? []).map((r) => `${dollars(r.amountCents)} on ${r.at.slice(0, 10)}${r.reason ? ` (${r.reason})` : ''}`).join('; ');
  return csvLine([
    app.paidAt ?? paidAt,
    orderNumber(app.id),
    app.id,
    app.businessName,
    app.email,
    app.state,
    app.paymentProvider,
    app.paymentReference,
    dollars(app.amountPaidCents),
    dollars(fees.stateFilingFee),
    dollars(fees.stateExpediteFee),
    dollars(fees.otherGovernmentFees),
    dollars(oursOf(fees)),
    dollars(app.amountRefundedCents),
    refunds,
    app.paymentStatus,
  ]);
}

/** Payment events read a Query (each page's orders are one BatchGetItem of at most 100). */
const PAYMENT_EVENTS_READ = 100;

export async function exportCsv(request: ExportRequest, actor: AuditActor): Promise<ExportResult> {
  const today = new Date().toISOString().slice(0, 10);
  let file: CsvFile;
  if (request.kind === 'orders') {
    file = new CsvFile(`orders-${today}.csv`, csvLine(ORDER_COLUMNS));
    for await (const batch of ordersSelectedBy(request.filter ?? {})) for (const app of batch) await file.write(orderRow(app));
  } else {
    file = new CsvFile(`payments-${request.from}-to-${request.to}.csv`, csvLine(PAYMENT_COLUMNS));
    let after: Record<string, unknown> | undefined;
    do {
      const page = await activityBetween('money', `${request.from}T00:00:00.000Z`, `${request.to}T23:59:59.999Z`, PAYMENT_EVENTS_READ, after);
      const received = page.items.filter((e) => e.action === 'payment_received' && e.applicationId);
      const orders = new Map((await readApplications([...new Set(received.map((e) => e.applicationId as string))])).map((a) => [a.id, a]));
      for (const event of received) {
        const app = orders.get(event.applicationId as string);
        if (app) await file.write(paymentRow(app, event.createdAt));
      }
      after = page.next;
    } while (after);
  }
  await file.close();
  // Who took a copy of the customers' data, and which.
  await recordAudit({
    actor,
    action: 'data_exported',
    subject: file.fileName,
    after: { kind: request.kind, rows: file.rows, ...(request.kind === 'orders' ? { filter: request.filter ?? {} } : { from: request.from, to: request.to }) },
  });
  return { ...(await file.link()), fileName: file.fileName, rows: file.rows };
}
