import { httpHandler, json } from '../lib/http.ts';

/** Placeholder for a route-table entry whose handler has not been built yet. */
export const handler = httpHandler(async () => json(501, { error: 'Not implemented yet' }));
