import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { calendarIcs } from '../../compliance/ics.ts';
import { orderCalendar } from '../../compliance/order-calendar.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { httpHandler, pathParam, resumeSecret } from '../../lib/http.ts';

/** GET /api/orders/{id}/calendar.ics (holder only): the same events as an iCalendar file. */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const body = calendarIcs(app.id, app.businessName ?? '', orderCalendar(app));
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="llc-compliance-calendar.ics"',
      'cache-control': 'no-store',
    },
    body,
  };
});
