/** Helpers of the daily sweeps that page through due rows (reminder-sweep.ts, renewal-sweep.ts). */

/** `items` through `fn`, at most `limit` at a time; results in the order of `items`. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** `items` cut into runs of at most `size`. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * How long the oldest row still due has waited: hours since the start (00:00 UTC) of its send
 * day, 0 when none is due. A row due today reads under 24 however late in the day; one left from
 * yesterday reads over 24, which is what the backlog alarms watch.
 */
export function backlogHours(oldestSendOn: string | undefined, now: number): number {
  if (!oldestSendOn) return 0;
  return Math.max(0, Math.floor((now - Date.parse(`${oldestSendOn}T00:00:00Z`)) / 3_600_000));
}

/**
 * When a sweep started by a scheduled Lambda stops taking new pages: a minute before its timeout,
 * enough for the page in hand. Without a Lambda context (the local runtime, scripts) it never stops.
 */
export function stopAtOf(context: { getRemainingTimeInMillis?: () => number } | undefined, marginMs = 60_000): number | undefined {
  const remaining = context?.getRemainingTimeInMillis?.();
  return remaining === undefined ? undefined : Date.now() + remaining - marginMs;
}
