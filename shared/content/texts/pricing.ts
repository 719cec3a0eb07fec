/** Default site texts of the pricing page (/pricing). */
export const PRICING_TEXTS = {
  'hero.title': 'Simple, transparent pricing',
  'hero.subtitle': "Your total is the state's filing fee plus our flat service fee. No hidden costs.",
  'examples.title': 'Example prices',
  'examples.subtitle': 'State filing fees range widely; our service fee is the same everywhere.',
  'included.title': "What's included",
  'addOns.title': 'Optional add-ons',
} as const satisfies Record<string, string>;
