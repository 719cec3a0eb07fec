/**
 * Default site texts of the landing page's first view (the hero), by section: bundled with the
 * page itself. Plain data (no prices: "{price}" is filled in with the current starting price).
 * The registry (../registry.ts) says where each appears.
 */
export const LANDING_FIRST_VIEW_TEXTS = {
  'hero.eyebrow': 'LLC formation for content creators',
  'hero.title': 'Turn your content into a real business',
  'hero.subtitle':
    'Form an LLC built for creators and influencers, deduct the gear, trips and outfits your content needs, and keep more of what you earn. No followers or income required to start.',
  'hero.priceNote': 'From {price} all in: state filing fee plus our service fee.',
  'howItWorks.title': 'How it works',
  'howItWorks.subtitle': 'Three steps from creator to business owner.',
  'howItWorks.step1.title': 'Form Your LLC',
  'howItWorks.step1.body': 'Answer a few questions and we file your LLC in the state that fits your business.',
  'howItWorks.step2.title': 'Create Content',
  'howItWorks.step2.body': 'Keep posting, filming and streaming. Your content activity now runs through a real business.',
  'howItWorks.step3.title': 'Deduct Everything',
  'howItWorks.step3.body': 'Write off business expenses like equipment, travel, meals and styling to lower your taxable income.',
} as const satisfies Record<string, string>;
