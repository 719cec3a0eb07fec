import { describe, expect, it } from 'vitest';
import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { contactFormSchema } from '#shared/staff/tickets.schema.ts';
import { stage1LeadSchema } from '#shared/wizard/leads.schema.ts';
import { json, noContent, pathParam, requestBody, requestQuery, route } from './http.ts';

/**
 * A handler is typed by its route key (functions/lib/http.ts `route`): these lines are checked by
 * `npm run typecheck`, where each `@ts-expect-error` must meet the error it names. If the typing
 * stopped catching one, the typecheck fails on the unused directive. Nothing here is run.
 */
describe('route(key, fn): the compiler checks a handler against its contract entry', () => {
  it('refuses answers, path parameters and schemas the entry does not allow', () => {
    const neverRun = () => [
      // @ts-expect-error the contact form answers 201, not 200
      route('POST /api/support-tickets', async () => json(200, { id: 't1', status: 'open' as const })),
      // @ts-expect-error a body of another shape than the route's answer
      route('POST /api/support-tickets', async () => json(201, { id: 1, status: 'open' as const })),
      // @ts-expect-error a 204 route answers no body
      route('DELETE /api/content/{id}', async () => json(200, {})),
      route('DELETE /api/content/{id}', async () => noContent()),
      route('POST /api/support-tickets', async (event) => {
        // @ts-expect-error the contact form's body is not a lead
        requestBody(event, stage1LeadSchema);
        // @ts-expect-error the route has no path parameter
        pathParam(event, 'id', applicationIdSchema);
        // @ts-expect-error the route takes no query
        requestQuery(event, contactFormSchema);
        requestBody(event, contactFormSchema);
        return json(201, { id: 't1', status: 'open' as const });
      }),
      route('GET /api/orders/{id}', async (event) => {
        // @ts-expect-error the route's parameter is {id}
        pathParam(event, 'applicationId', applicationIdSchema);
        pathParam(event, 'id', applicationIdSchema);
        // @ts-expect-error a GET route takes no body
        requestBody(event, contactFormSchema);
        throw new Error('not run');
      }),
    ];
    expect(neverRun).toBeTypeOf('function');
  });
});
