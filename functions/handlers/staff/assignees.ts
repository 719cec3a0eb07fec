import { listPeople } from '../../data/staff-accounts.ts';
import { json, route } from '../../lib/http.ts';

/** The people an order can be given to: everyone who can sign in (invited people cannot work yet). */
export const handler = route('GET /api/staff/assignees', async () => {
  const people = (await listPeople()).filter((p) => p.status === 'active');
  return json(200, { people: people.map((p) => ({ id: p.id, email: p.email, name: p.name })) });
});
