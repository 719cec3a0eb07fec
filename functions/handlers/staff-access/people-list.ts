import { listPeople, viewPerson } from '../../data/staff-accounts.ts';
import { json, route } from '../../lib/http.ts';

/** GET /api/staff/people (owner): everyone invited or active, with their second factor and sessions. */
export const handler = route('GET /api/staff/people', async () => json(200, { items: (await listPeople()).map(viewPerson) }));
