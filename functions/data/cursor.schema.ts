import * as z from '#shared/zod.ts';

/** A decoded pagination cursor: exactly `keys`, each a non-empty string of at most 200 characters. */
export const cursorKeySchema = (keys: readonly string[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.string().check(z.minLength(1), z.maxLength(200))])));

/**
 * A merged list's cursor (functions/data/applications/staff-list.ts): one position per stream,
 * `count` of them; each stream continues after a key, from its start, or is done.
 */
export const streamPositionsSchema = (count: number) =>
  z
    .array(
      z.union([
        z.literal('done'),
        z.literal('start'),
        z.strictObject({ after: z.record(z.string().check(z.maxLength(40)), z.string().check(z.minLength(1), z.maxLength(200))) }),
      ]),
    )
    .check(z.length(count));
