import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { calendarIcs } from '../../compliance/ics.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { pathParam, resumeSecret, route, textAnswer } from '../../lib/http.ts';

/** GET /api/orders/{id}/calendar.ics (holder only): the same events as an iCalendar file. */
export const handler = route('GET /api/orders/{id}/calendar.ics', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const body = calendarIcs(app.id, app.businessName ?? '', orderCalendar(app));
  return textAnswer(200, body, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': 'attachment; filename="llc-compliance-calendar.ics"',
  });
});
