import { listContentItems } from '../../data/content.ts';
import { json, route } from '../../lib/http.ts';

/** Public: the site reads its texts from these. Not cached, so a staff edit shows on the next load. */
export const handler = route('GET /api/content', async () => json(200, await listContentItems(), { 'cache-control': 'no-cache' }));
