import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { RENEWALS_DUE_WITHIN_DAYS, type RenewalsDue, UNMATCHED_PAGE_SIZE, type UnmatchedPayments } from '#shared/staff/lists.schema.ts';
import { renewalView } from '../compliance/order-calendar.ts';
import { listUnmatchedPayments } from '../data/activity.ts';
import { readApplications } from '../data/applications/search.ts';
import { decodeCursor, encodeCursor } from '../data/cursor.ts';
import { renewalRowsBetween } from '../data/reminders.ts';

/** Renewal rows read a Query (each page's orders are one BatchGetItem of at most 100). */
const RENEWALS_READ = 100;

/**
 * The registered agent renewals due in the next RENEWALS_DUE_WITHIN_DAYS days, soonest first:
 * the renewal rows acting in that window (one Query a page of the RENEWAL partition) and their
 * orders (one BatchGetItem a page), each with whether the customer agreed, cancelled or has not
 * decided, and what a charge already tried came to.
 */
export async function renewalsDue(now = Date.now()): Promise<RenewalsDue> {
  const from = dayOf(now);
  const to = addDays(from, RENEWALS_DUE_WITHIN_DAYS);
  const items: RenewalsDue['items'] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await renewalRowsBetween(from, to, RENEWALS_READ, after);
    const orders = new Map((await readApplications(page.rows.map((r) => r.applicationId))).map((a) => [a.id, a]));
    for (const row of page.rows) {
      const app = orders.get(row.applicationId);
      if (!app) continue;
      const view = renewalView(app);
      items.push({
        applicationId: app.id,
        businessName: app.businessName ?? '',
        state: app.state ?? '',
        email: app.email ?? '',
        dueOn: row.dueOn,
        actsOn: row.sendOn,
        status: view.status,
        priceUsd: view.priceUsd,
        ...(view.charge ? { chargeState: view.charge.state } : {}),
      });
    }
    after = page.next;
  } while (after);
  return { from, to, items };
}

const UNMATCHED_CURSOR = ['pk', 'sk'] as const;

/** The payments the provider took that no order recorded, newest first, 50 a page: one Query a page. */
export async function unmatchedPayments(cursor?: string): Promise<UnmatchedPayments> {
  const after = cursor ? decodeCursor(cursor, UNMATCHED_CURSOR) : undefined;
  const page = await listUnmatchedPayments(UNMATCHED_PAGE_SIZE, after);
  return { items: page.items, nextCursor: page.next ? encodeCursor(page.next, UNMATCHED_CURSOR) : null };
}
