/**
 * The staff activity feed's categories. Money and filing events are what staff act on; leads are
 * anonymous and can be many, so they are kept apart and can never push the others out of the
 * dashboard (docs/product.md section 2, "Staff dashboard").
 */
export const ACTIVITY_CATEGORIES = ['money', 'filing', 'lead', 'support', 'content'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** The dashboard's "recent activity": the newest entries of these categories, merged. */
export const RECENT_ACTIVITY_CATEGORIES = ['money', 'filing', 'support'] as const satisfies readonly ActivityCategory[];
export const RECENT_ACTIVITY_LIMIT = 20;
/** The dashboard's separate list of the newest leads. */
export const RECENT_LEADS_LIMIT = 10;
