import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe over the page, as `rule: target` lines, after the page has settled. A toast fades in and
 * out (sonner animates its opacity, and marks a leaving one `data-removed`); axe measures the
 * colours it sees, so a half-faded toast reads as low contrast. Every finite animation and
 * transition is awaited first (looping ones, like loading pulses, never end), and a toast still
 * on its way out is no longer the page's content.
 */
export async function axeViolations(page: Page, { seriousOnly = false }: { seriousOnly?: boolean } = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toast][data-removed="true"]').analyze();
  return results.violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()).join(', ')}`);
}

/** No axe violation of any impact. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** No serious or critical axe violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
}
