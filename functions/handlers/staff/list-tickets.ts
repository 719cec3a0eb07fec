import * as z from '#shared/zod.ts';
import { InvalidCursorError } from '../../data/cursor.ts';
import { listTickets } from '../../data/tickets.ts';
import { HttpError, httpHandler, json, validate } from '../../lib/http.ts';

const querySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(2000))) });

export const handler = httpHandler(async (event) => {
  const { cursor } = validate(querySchema, event.queryStringParameters ?? {}, 'Query');
  try {
    return json(200, await listTickets(cursor));
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new HttpError(400, err.message);
    throw err;
  }
});
