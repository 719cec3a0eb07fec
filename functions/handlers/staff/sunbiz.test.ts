import { beforeAll, describe, expect, it } from 'vitest';
import { putOperatorAgentOffices, putPaidOrder } from '../../../tests/fakes/documents.ts';
import { signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { handler as sunbiz } from './sunbiz.ts';

/** "Generate Sunbiz" (the original brief's staff action): Florida orders in processing only. */

let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInPerson({ role: 'processor' })).headers;
  await putOperatorAgentOffices();
});

const generate = (id: string) =>
  invoke(sunbiz, apiEvent({ method: 'POST', route: '/api/staff/sunbiz/{id}', path: `/api/staff/sunbiz/${id}`, pathParameters: { id }, headers }));

describe('POST /api/staff/sunbiz/{id}', () => {
  it('makes the Florida Articles as the next formation version and links to the PDF', async () => {
    const app = await putPaidOrder('FL', { status: 'processing' });
    const first = await generate(app.id);
    expect(first.status).toBe(200);
    expect(first.body.document).toMatchObject({ kind: 'formation', version: 1, origin: 'generated' });
    expect(first.body.document.title).toMatch(/^Articles of Organization/);
    const pdf = await fetch(first.body.link.url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const again = await generate(app.id);
    expect(again.body.document.version).toBe(2);
    // Only the formation document: no other kind was made.
    expect((await getApplication(app.id)).documents?.map((d) => d.kind)).toEqual(['formation', 'formation']);
  });

  it('refuses another state with 409 and a sentence', async () => {
    const app = await putPaidOrder('TX', { status: 'processing' });
    const res = await generate(app.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'not_florida',
      error: "Sunbiz is Florida's filing site: this order is filed in Texas, so file it with that state's own office",
    });
  });

  it('refuses a Florida order that is not in processing', async () => {
    const app = await putPaidOrder('FL', { status: 'filed' });
    const res = await generate(app.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'status_conflict', currentStatus: 'filed' });
  });
});
