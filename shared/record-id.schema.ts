import * as z from './zod.ts';

/** Ids in paths of tickets and content items: short, URL-safe. (Application ids: ./application-id.schema.ts.) */
export const recordIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use the id shown in the list'));
