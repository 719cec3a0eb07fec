import * as z from '../../../shared/zod.ts';

/** Application ids are server-made UUID v4s. */
export const applicationIdSchema = z.uuid({ version: 'v4', error: 'Must be an application id (UUID)' });
