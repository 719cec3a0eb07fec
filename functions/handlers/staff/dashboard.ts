import { RECENT_ACTIVITY_CATEGORIES, RECENT_ACTIVITY_LIMIT, RECENT_LEADS_LIMIT } from '#shared/staff/activity.ts';
import { listActivity } from '../../data/activity.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { json, route } from '../../lib/http.ts';

type Entry = Awaited<ReturnType<typeof listActivity>>[number];
const view = ({ id, action, category, description, createdAt }: Entry) => ({ id, action, category, description, createdAt });

/**
 * Stats from the counters item, the 20 newest money, filing and support entries, and the 10
 * newest leads apart (so leads never push the others out): one GetItem and one Query per
 * category, whatever the data size.
 */
export const handler = route('GET /api/staff/dashboard', async () => {
  const [counts, activity, leads] = await Promise.all([
    readDashboardCounts(),
    listActivity(RECENT_ACTIVITY_CATEGORIES, RECENT_ACTIVITY_LIMIT),
    listActivity(['lead'], RECENT_LEADS_LIMIT),
  ]);
  return json(200, { ...counts, recentActivity: activity.map(view), recentLeads: leads.map(view) });
});
