import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { type Payer1099Year, payerYear, withPayerYear } from '#shared/payers/form-1099-check.ts';
import { payer1099Schema, payerIdSchema } from '#shared/payers/payers.schema.ts';
import type { StoredPayer } from '#shared/payers/payers.ts';
import { changePayer } from '../../data/applications/payers.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { ValidationError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { orderPayers } from '../../orders/payers-view.ts';

/**
 * PUT /api/orders/{id}/payers/{payerId}/forms-1099 (holder only): one payer's year of the January
 * 1099 check replaced whole (docs/decisions/0430-january-1099-check.md): what the payer paid, the
 * forms expected, the forms that arrived with their amounts. A form already recorded keeps the day
 * it was recorded; a new one is recorded today. One versioned write of the payer list. 200 the
 * payers | 400 (a year not yet over) | 404 payer_not_found | 409 order_not_paid, version_conflict.
 */
export const handler = route('PUT /api/orders/{id}/payers/{payerId}/forms-1099', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const payerId = pathParam(event, 'payerId', payerIdSchema);
  const body = requestBody(event, payer1099Schema);
  const now = new Date().toISOString();
  const today = dayOf(now);
  if (body.year >= Number(today.slice(0, 4))) {
    const why = `${body.year} is not over yet: its 1099s come after it ends`;
    throw new ValidationError(why, { year: [why] }, 'year_not_over');
  }
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const saved = await changePayer(
    app,
    payerId,
    (before): StoredPayer => {
      const earlier = [...(payerYear(before, body.year)?.received ?? [])];
      const received = body.received.map((r) => {
        const at = earlier.findIndex((e) => e.form === r.form && e.amountCents === r.amountCents);
        const recordedOn = at >= 0 ? (earlier.splice(at, 1)[0]?.recordedOn ?? today) : today;
        return { form: r.form, amountCents: r.amountCents, recordedOn };
      });
      const year: Payer1099Year = {
        year: body.year,
        ...(body.paidCents !== undefined ? { paidCents: body.paidCents } : {}),
        ...(body.expectedForms?.length ? { expectedForms: body.expectedForms } : {}),
        received,
      };
      const { forms1099, ...kept } = before;
      const years = withPayerYear(forms1099, year);
      return { ...kept, ...(years.length ? { forms1099: years } : {}), updatedAt: now };
    },
    now,
  );
  return json(200, orderPayers(saved, now));
});
