import { json, route } from '../../lib/http.ts';
import { renewalsDue } from '../../staff/lists.ts';

export const handler = route('GET /api/staff/renewals-due', async () => json(200, await renewalsDue()));
