/**
 * The landing page's JSON-LD block. Its offer price is the starting price computed from the
 * state pricing data (cheapest state total), never a typed-in figure: the build writes it into
 * index.html from the bundled data, and the page refreshes it from live /api/states.
 */
import type { AgentPromise } from '#shared/operator/facts.ts';
import type { PriceRange } from './starting-price.ts';

/**
 * `agent`: what the operator's offices let us promise of our registered agent (agentPromise);
 * without it (the build, which knows no operator, or no office) the block promises none.
 */
export function structuredData({ lowest, highest }: PriceRange, siteUrl?: string, agent?: AgentPromise): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: 'LLC formation for content creators',
    serviceType: 'LLC formation',
    areaServed: { '@type': 'Country', name: 'United States' },
    audience: { '@type': 'Audience', audienceType: 'Content creators and influencers' },
    provider: { '@type': 'Organization', name: 'CreatorLLC', ...(siteUrl ? { url: siteUrl } : {}) },
    description: agent
      ? `Professional LLC filing in the state that fits your business, a registered agent free for the first year ${agent.where} and a tax savings calculator.`
      : 'Professional LLC filing in the state that fits your business and a tax savings calculator.',
    offers: {
      '@type': 'Offer',
      price: String(lowest),
      priceCurrency: 'USD',
      description: agent
        ? `Starting price: the state filing fee plus our service fee, registered agent included for the first year ${agent.where}.`
        : 'Starting price: the state filing fee plus our service fee.',
      priceSpecification: { '@type': 'PriceSpecification', minPrice: lowest, maxPrice: highest, priceCurrency: 'USD' },
      ...(siteUrl ? { url: `${siteUrl}/pricing` } : {}),
    },
  };
}

/** Serialised for a <script type="application/ld+json"> element ("<" escaped so it cannot end the tag). */
export function structuredDataJson(range: PriceRange, siteUrl?: string, agent?: AgentPromise): string {
  return JSON.stringify(structuredData(range, siteUrl, agent)).replace(/</g, '\\u003c');
}
