import { listContentDrafts } from '../../data/content-drafts.ts';
import { json, route } from '../../lib/http.ts';

/** The content editor's drafts: a processor's changes waiting for an owner, and rejected ones with the reason. */
export const handler = route('GET /api/content/drafts', async () => json(200, await listContentDrafts()));
