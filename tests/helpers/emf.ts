import { vi } from 'vitest';
import { logger } from '../../functions/lib/logger.ts';

/**
 * Captures what the functions write to stdout (their log lines, CloudWatch embedded metric format
 * among them) while `run` runs; the logger's level is raised to ERROR meanwhile so metrics are
 * written and info lines are not.
 */
export async function emittedMetrics<T>(run: () => Promise<T>): Promise<{ result: T; metrics: Record<string, unknown>[] }> {
  const lines: string[] = [];
  const level = logger.level;
  logger.level = 'ERROR';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    const result = await run();
    const metrics = lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.includes('"_aws"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { result, metrics };
  } finally {
    spy.mockRestore();
    logger.level = level;
  }
}

/** The names of the metrics in EMF entries, in order. */
export const metricNames = (entries: Record<string, unknown>[]) =>
  entries.flatMap((e) => (e._aws as { CloudWatchMetrics: { Metrics: { Name: string }[] }[] }).CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name)));
