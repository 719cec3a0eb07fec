import { undeliveredEmails } from '../../data/email-delivery.ts';
import { json, route } from '../../lib/http.ts';

/** Messages that did not reach their customer (parked, suppressed, bounced), newest first, with why. */
export const handler = route('GET /api/staff/emails', async () => json(200, { items: await undeliveredEmails() }));
