/** Default site texts of the site footer (every public page). */
export const FOOTER_TEXTS = {
  tagline: 'LLC formation built for content creators and influencers.',
  disclaimer:
    'CreatorLLC is not a law firm or an accounting firm and gives no tax, legal or accounting advice. Savings figures are estimates; talk to a qualified professional about your situation.',
} as const satisfies Record<string, string>;
