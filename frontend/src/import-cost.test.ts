import { afterEach, expect, it, vi } from 'vitest';

/**
 * What a buyer's screens run when they are imported, before any of them renders: no locale
 * formatter. The first one a page makes loads the browser's locale or time-zone data, a long task
 * on a phone (the order page's sections spent about a quarter of their evaluation on two made at
 * import, docs/decisions/0448). A formatter made at its first use costs only the screen that
 * shows what it formats.
 */
const BUYER_SCREENS = {
  app: () => import('./App.tsx'),
  order: () => import('./features/order/OrderPage.tsx'),
  'order sections': () => import('./features/order/OrderSections.tsx'),
  wizard: () => import('./features/wizard/WizardPage.tsx'),
  checkout: () => import('./features/checkout/CheckoutPage.tsx'),
  pricing: () => import('./features/pricing/PricingPage.tsx'),
  'tax plan': () => import('./features/tax-plan/TaxPlanPage.tsx'),
};

afterEach(() => vi.restoreAllMocks());

it("makes no locale formatter while a buyer's screen is imported", async () => {
  vi.resetModules();
  const made: string[] = [];
  // What was made, and the line of ours that made it.
  const record = (name: string) => {
    const caller = new Error().stack?.split('\n').find((line) => /\/(shared|frontend\/src)\//.test(line) && !line.includes('import-cost.test'));
    made.push(`${name} ${caller?.trim() ?? ''}`);
  };
  for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Collator'] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => unknown;
    vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      record(`new Intl.${name}`);
      return new Original(...args);
    } as never);
  }
  for (const [proto, method] of [
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ] as const) {
    const original = proto[method as keyof typeof proto] as (...args: unknown[]) => string;
    vi.spyOn(proto as unknown as Record<string, (...args: unknown[]) => string>, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
      record(method);
      return original.apply(this, args);
    });
  }
  for (const load of Object.values(BUYER_SCREENS)) await load();
  expect(made).toEqual([]);
});
