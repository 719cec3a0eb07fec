import { listRecentActivity } from '../../data/activity.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { httpHandler, json } from '../../lib/http.ts';

/** Stats from the counters item plus the newest 20 activity entries: two calls, whatever the data size. */
export const handler = httpHandler(async () => {
  const [counts, activity] = await Promise.all([readDashboardCounts(), listRecentActivity(20)]);
  return json(200, { ...counts, recentActivity: activity.map(({ id, action, description, createdAt }) => ({ id, action, description, createdAt })) });
});
