import { LANDING_FIRST_VIEW_TEXTS } from '#shared/content/texts/landing-first-view.ts';

/** Landing texts of the first view (the hero and "How it works"): bundled with the page itself. Defaults from the site-text registry. */
export const FIRST_VIEW_COPY: Record<keyof typeof LANDING_FIRST_VIEW_TEXTS, string> = LANDING_FIRST_VIEW_TEXTS;
