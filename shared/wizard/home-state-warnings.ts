/**
 * States whose ongoing costs make another filing state worth a look (docs/product.md "Wizard step 1").
 * Shown whenever one of them is the filing state, which is how home-state filers land there.
 */
export const HOME_STATE_WARNINGS: Readonly<Record<string, string>> = {
  CA: 'California charges an additional $800 a year franchise tax.',
  MA: 'Massachusetts has among the highest annual report fees (about $500/year).',
  TX: 'Texas charges a franchise tax based on revenue.',
  WA: 'Washington charges a gross-receipts B&O tax.',
  NV: 'Nevada charges $150 plus a $350 annual list fee.',
  NY: 'New York annual fees are income-based, plus publishing fees.',
  MD: 'Maryland charges a $300 annual fee.',
};

export const HOME_STATE_ADVICE = 'Another state may be a better fit for your business.';

export function homeStateWarning(stateCode: string | undefined | null): string | undefined {
  return stateCode ? HOME_STATE_WARNINGS[stateCode.toUpperCase()] : undefined;
}
