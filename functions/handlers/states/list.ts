import { STATE_PRICING } from '#shared/states.ts';
import { jsonText, route, serialized } from '../../lib/http.ts';

// Static data: serialised once per cold start, no database call.
const body = serialized(STATE_PRICING);

export const handler = route('GET /api/states', async () => jsonText(200, body, { 'cache-control': 'public, max-age=3600' }));
