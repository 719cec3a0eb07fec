import { getOperatorSettings } from '../../data/operator-settings.ts';
import { json, route } from '../../lib/http.ts';

/** GET /api/operator-settings: the operator's settings, read by the footer, the legal pages and the staff screens. */
export const handler = route('GET /api/operator-settings', async () => json(200, await getOperatorSettings(), { 'cache-control': 'no-cache' }));
