import type { DeliveryOutcome } from '../email/deliver.ts';
import { deliverDueMessages } from '../email/deliver.ts';
import { logger } from '../lib/logger.ts';

/** How long before its timeout a run stops starting rounds; a run with no context (locally) takes this long at most. */
const MARGIN_MS = 10_000;
const NO_CONTEXT_BUDGET_MS = 60_000;

/**
 * Scheduled: sends every outbox message that is due (retries, and any a crashed sender held).
 * When the second's sending quota is full it waits for the next second and goes on, while its
 * time lasts; when the day's is spent, what is left stays due for tomorrow (docs/decisions/0420).
 */
export async function handler(_event?: unknown, context?: { getRemainingTimeInMillis?: () => number }): Promise<void> {
  const started = Date.now();
  const left = () => context?.getRemainingTimeInMillis?.() ?? NO_CONTEXT_BUDGET_MS - (Date.now() - started);
  const totals: Partial<Record<DeliveryOutcome, number>> = {};
  for (;;) {
    const counts = await deliverDueMessages();
    for (const [k, n] of Object.entries(counts) as [DeliveryOutcome, number][]) totals[k] = (totals[k] ?? 0) + n;
    if (!counts.paced || left() < MARGIN_MS) break;
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
  }
  if (Object.values(totals).some(Boolean)) logger.info('outbox sweep', totals);
}
