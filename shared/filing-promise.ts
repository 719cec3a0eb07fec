/**
 * How long we take to file once we have the filing details, in business days (docs/product.md
 * "Success page"): the one source of the promise the pages state and the staff queue counts down.
 * A module of its own, with no import, so the pages that only state the promise (the terms, the
 * processing-time lines) do not load the price rules of ./pricing.ts and the catalog with them
 * (docs/decisions/0423).
 */
export const FILING_PROMISE_BUSINESS_DAYS = { least: 1, most: 2 } as const;
/** The promise in words: "1-2 business days". */
export const OUR_FILING_TIME = `${FILING_PROMISE_BUSINESS_DAYS.least}-${FILING_PROMISE_BUSINESS_DAYS.most} business days`;
