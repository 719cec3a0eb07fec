import { createContentSchema } from '#shared/content/content-item.schema.ts';
import { createContentItem } from '../../data/content-writes.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

export const handler = route('POST /api/content', async (event) =>
  json(201, await createContentItem(requestBody(event, createContentSchema), staffActor(event))),
);
