/**
 * A prerendered page opened with a query it applies once the app runs (shared/site/pages.ts
 * `appliesQuery`: the wizard's `?state=XX` from a link) shows, in its HTML, what it shows without
 * one. frontend/public/hydrate.js then sets this attribute on <html>, and index.css hides every
 * element marked `data-from-query` while it is there (the space they take is kept: nothing moves).
 * The page releases the hold once what it shows is the query's.
 */
export const AWAITS_QUERY_ATTRIBUTE = 'data-awaits-query';

/** Shows what the query changed: called once the page has applied it (or found nothing to apply). */
export function releaseQueryHold(root: Element | undefined = globalThis.document?.documentElement): void {
  root?.removeAttribute(AWAITS_QUERY_ATTRIBUTE);
}
