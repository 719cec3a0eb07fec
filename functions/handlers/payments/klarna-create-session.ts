import { klarnaSessionSchema } from '#shared/payments/requests.schema.ts';
import { httpHandler, json, resumeSecret, validate } from '../../lib/http.ts';
import { startKlarnaSession } from '../../payments/klarna-payment.ts';

export const handler = httpHandler(async (event) => json(200, await startKlarnaSession(validate(klarnaSessionSchema, event.jsonBody), resumeSecret(event))));
