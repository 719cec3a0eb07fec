import * as z from './zod.ts';

/**
 * Application ids are server-made UUID v4s (crypto.randomUUID). One rule for every place an
 * application id comes in: wizard saves, checkout and payment calls, the success page's status
 * poll, and the staff routes. A malformed id is a 400 before any lookup.
 */
export const applicationIdSchema = z.uuid({ version: 'v4', error: 'Must be an application id (UUID)' });
