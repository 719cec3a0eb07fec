import { STATE_PRICING } from '../../../shared/states.ts';
import { httpHandler, json } from '../../lib/http.ts';

// Static data: serialised once per cold start, no database call.
const body = STATE_PRICING;

export const handler = httpHandler(async () => json(200, body, { 'cache-control': 'public, max-age=3600' }));
