/** Landing texts of the first view (the hero): bundled with the page itself. */
export const FIRST_VIEW_COPY: Record<string, string> = {
  'hero.eyebrow': 'LLC formation for content creators',
  'hero.title': 'Turn your content into a real business',
  'hero.subtitle':
    'Form an LLC built for creators and influencers, deduct the gear, trips and outfits your content needs, and keep more of what you earn. No followers or income required to start.',
  'hero.priceNote': 'From {price} all in: state filing fee plus our service fee. Registered agent free for the first year.',
};
