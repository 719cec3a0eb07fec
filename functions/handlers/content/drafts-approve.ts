import { approveContentDraftSchema } from '#shared/content/content-draft.schema.ts';
import { recordIdSchema } from '#shared/record-id.schema.ts';
import { approveContentDraft } from '../../data/content-drafts.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/** An owner publishes a draft as previewed; the audit entry names the drafter and the approver. */
export const handler = route('POST /api/content/drafts/{id}/approve', async (event) => {
  const id = pathParam(event, 'id', recordIdSchema);
  return json(200, await approveContentDraft(id, requestBody(event, approveContentDraftSchema).version, staffActor(event)));
});
