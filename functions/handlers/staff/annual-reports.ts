import { reportsToFile } from '../../compliance/annual-report.ts';
import { json, route } from '../../lib/http.ts';

/** GET /api/staff/annual-reports: the paid annual reports still to file, soonest due first, with the state's page (docs/decisions/0431). */
export const handler = route('GET /api/staff/annual-reports', async () => json(200, { reports: await reportsToFile() }));
