import * as z from '#shared/zod.ts';
import { listTickets } from '../../data/tickets.ts';
import { httpHandler, json, validate } from '../../lib/http.ts';

const querySchema = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(2000))) });

export const handler = httpHandler(async (event) => {
  const { cursor } = validate(querySchema, event.queryStringParameters ?? {}, 'Query');
  return json(200, await listTickets(cursor));
});
