import { STATE_PRICING } from '#shared/states.ts';
import { httpHandler, jsonText } from '../../lib/http.ts';

// Static data: serialised once per cold start, no database call.
const body = JSON.stringify(STATE_PRICING);

export const handler = httpHandler(async () => jsonText(200, body, { 'cache-control': 'public, max-age=3600' }));
