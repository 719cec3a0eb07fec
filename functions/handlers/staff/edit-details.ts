import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { detailsChangeReasonBodySchema } from '#shared/staff/email-delivery.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { editFilingDetailsByStaff } from '../../data/applications/staff-details.ts';
import { json, pathParam, route, staffActor, validate } from '../../lib/http.ts';
import { storedDetailsFrom } from '../../orders/details-input.ts';
import { orderView } from '../../orders/view.ts';

/**
 * PUT /api/staff/applications/{id}/filing-details: staff change the filing details while the
 * order is processing, with the reason; validated with the order's own schema like the
 * customer's form (the same field sentences), audited and emailed to the customer. 200 the order
 * as its page shows it | 400 | 409 not processing, nothing changed, changed meanwhile.
 */
export const handler = route('PUT /api/staff/applications/{id}/filing-details', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const { reason: rawReason, ...body } = (event.jsonBody ?? {}) as Record<string, unknown>;
  const { reason } = validate(detailsChangeReasonBodySchema, { reason: rawReason });
  const app = await getApplication(id);
  // The customer's signature is kept as given: its time is not the staff edit's.
  const { stored, sealed } = await storedDetailsFrom(app, body, app.filingDetails?.signature?.signedAt ?? new Date().toISOString());
  await editFilingDetailsByStaff(app, stored, sealed, reason, staffActor(event));
  return json(200, orderView(await getApplication(id)));
});
