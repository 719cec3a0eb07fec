import * as z from './zod.ts';

// Field schemas the answers of every part of the API are built from.

export const int = () => z.number().check(z.int());
/** Whole cents, as a payment provider charges them. */
export const cents = () => z.number().check(z.int(), z.nonnegative());
/** Dollars, as prices are shown. */
export const dollars = () => z.number().check(z.nonnegative());
/** ISO 8601 timestamps, as the server writes them. */
export const timestamp = () => z.string();
