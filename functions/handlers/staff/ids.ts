import * as z from '../../../shared/zod.ts';

/** Ids in paths (applications, tickets, content items): short, URL-safe. */
export const recordId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use the id shown in the list'));
