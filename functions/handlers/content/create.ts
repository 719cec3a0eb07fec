import { createContentSchema } from '#shared/content/content-item.schema.ts';
import { createContentItem } from '../../data/content-writes.ts';
import { httpHandler, json, staffActor, validate } from '../../lib/http.ts';

export const handler = httpHandler(async (event) => json(201, await createContentItem(validate(createContentSchema, event.jsonBody), staffActor(event))));
