import { saveContentDraftSchema } from '#shared/content/content-draft.schema.ts';
import { saveContentDraft } from '../../data/content-drafts.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

/** A processor's change of a site text: saved as a draft for an owner to approve; the public text does not change. */
export const handler = route('POST /api/content/drafts', async (event) =>
  json(200, await saveContentDraft(requestBody(event, saveContentDraftSchema), staffActor(event))),
);
