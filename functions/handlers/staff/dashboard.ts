import { RECENT_ACTIVITY_CATEGORIES, RECENT_ACTIVITY_LIMIT, RECENT_LEADS_LIMIT } from '#shared/staff/activity.ts';
import { PENDING_STAGES } from '#shared/staff/work-queue.ts';
import { listActivity } from '../../data/activity.ts';
import { countStages } from '../../data/applications/work-queue.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { json, route } from '../../lib/http.ts';

type Entry = Awaited<ReturnType<typeof listActivity>>[number];
const view = ({ id, action, category, description, createdAt }: Entry) => ({ id, action, category, description, createdAt });

/**
 * Stats from the counters item, the 20 newest money, filing and support entries, and the 10
 * newest leads apart (so leads never push the others out): one GetItem and one Query per
 * category, whatever the data size. "Pending" is every paid order not completed: the sum of the
 * work queue's paid stages, each an exact COUNT Query of its byQueue partition (it reads the open
 * work, never the rest of the table), so an unpaid submission is never pending.
 */
export const handler = route('GET /api/staff/dashboard', async () => {
  const [counts, pending, activity, leads] = await Promise.all([
    readDashboardCounts(),
    countStages(PENDING_STAGES),
    listActivity(RECENT_ACTIVITY_CATEGORIES, RECENT_ACTIVITY_LIMIT),
    listActivity(['lead'], RECENT_LEADS_LIMIT),
  ]);
  const pendingApplications = Object.values<number>(pending).reduce((sum, n) => sum + n, 0);
  return json(200, { ...counts, pendingApplications, recentActivity: activity.map(view), recentLeads: leads.map(view) });
});
