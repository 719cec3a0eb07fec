import { rejectContentDraftSchema } from '#shared/content/content-draft.schema.ts';
import { recordIdSchema } from '#shared/record-id.schema.ts';
import { rejectContentDraft } from '../../data/content-drafts.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** An owner rejects a draft with a reason the drafter sees in the editor. */
export const handler = route('POST /api/content/drafts/{id}/reject', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  return json(200, await rejectContentDraft(id, requestBody(event, rejectContentDraftSchema), staffActor(event)));
});
