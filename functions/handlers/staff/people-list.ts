import { listPeople, viewPerson } from '../../data/staff-accounts.ts';
import { httpHandler, json } from '../../lib/http.ts';

/** GET /api/staff/people (owner): everyone invited or active, with their second factor and sessions. */
export const handler = httpHandler(async () => json(200, { items: (await listPeople()).map(viewPerson) }));
