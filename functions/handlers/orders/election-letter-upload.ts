import { randomUUID } from 'node:crypto';
import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { uploadRequestSchema } from '#shared/orders/documents.schema.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { startUpload } from '../../documents/order/uploads.ts';
import { RateLimitedError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { consumeRateLimit, waitText } from '../../lib/rate-limits.ts';
import { selfFiledElectionOrder } from './election-letter.ts';

/** Upload links one order may ask for in an hour: a letter and a few retries, not a file store. */
export const LETTER_UPLOADS_PER_ORDER_HOUR = 10;

/**
 * POST /api/orders/{id}/election/letter/uploads (holder only): a presigned PUT (10 minutes) for the
 * IRS acceptance letter (CP261) of an election the customer filed themselves (docs/decisions/0436),
 * the staff uploads' own link: `application/pdf` of exactly the declared size, at most 10 MB. The
 * file becomes the order's letter only once recorded (…/record). At most
 * LETTER_UPLOADS_PER_ORDER_HOUR an hour per order. 409 order_not_paid, election_tracked_by_staff.
 */
export const handler = route('POST /api/orders/{id}/election/letter/uploads', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const request = requestBody(event, uploadRequestSchema);
  const app = selfFiledElectionOrder(await getApplicationForHolder(id, resumeSecret(event)));
  const slot = await consumeRateLimit(`election-letter-uploads#${app.id}`, LETTER_UPLOADS_PER_ORDER_HOUR, 3600);
  if (!slot.allowed)
    throw new RateLimitedError(`Too many uploads for this order in an hour: try again in ${waitText(slot.retryAfterSeconds)}`, slot.retryAfterSeconds);
  return json(200, await startUpload(app, request, randomUUID()));
});
