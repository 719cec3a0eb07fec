import { BELOW_FOLD_COPY } from './copy/below-fold.ts';
import { FIRST_VIEW_COPY } from './copy/first-view.ts';

/**
 * Default texts of the landing page, by section key (the 'landing' part of the site-text
 * registry, shared/content/registry.ts). Staff can replace any of them from the content editor;
 * the local seed loads these defaults as editable items. Plain data: no React, no prices ("{price}"
 * is replaced with the current starting price).
 */
export const LANDING_COPY: Record<string, string> = { ...FIRST_VIEW_COPY, ...BELOW_FOLD_COPY };

export { EXAMPLE_SAVINGS, TESTIMONIALS } from './copy/below-fold.ts';
