import { klarnaSessionSchema } from '#shared/payments/requests.schema.ts';
import { json, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { startKlarnaSession } from '../../payments/klarna-payment.ts';

export const handler = route('POST /api/klarna/create-session', async (event) =>
  json(200, await startKlarnaSession(requestBody(event, klarnaSessionSchema), resumeSecret(event))),
);
