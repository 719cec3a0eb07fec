import { beforeAll, describe, expect, it } from 'vitest';
import { readApplication } from '../../../tests/fakes/applications.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { FIXTURE_ADDRESS, filingDetailsInput, storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as editDetails } from './edit-details.ts';

/** Staff change the filing details during processing, with a reason: audited, and the customer emailed what changed. */
let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
  await putOperatorAgentOffices();
});

const put = (id: string, body: unknown) =>
  invoke(
    editDetails,
    apiEvent({
      method: 'PUT',
      route: '/api/staff/applications/{id}/filing-details',
      path: `/api/staff/applications/${id}/filing-details`,
      pathParameters: { id },
      body,
      headers,
    }),
  );

const suite = { ...FIXTURE_ADDRESS, line2: 'Suite 400' };
/** A processing order whose details were saved by the customer's form (the renewal price agreed recorded). */
const processingOrder = (status = 'processing') =>
  putApplication({ status, filingDetails: storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: 125 } }) });

describe('PUT /api/staff/applications/{id}/filing-details', () => {
  it('changes the details of a processing order, keeps the customer signature, audits the reason and emails what changed', async () => {
    const app = await processingOrder();
    const before = (await readApplication(app.id))?.filingDetails;
    const res = await put(app.id, { ...filingDetailsInput({ principalOffice: suite }), reason: 'The customer wrote that the suite number was missing' });
    expect(res.status).toBe(200);
    expect(res.body.details.value.principalOffice).toMatchObject({ line2: 'Suite 400' });
    const stored = (await readApplication(app.id))?.filingDetails;
    expect(stored.principalOffice.line2).toBe('Suite 400');
    expect(stored.signature).toEqual(before.signature);
    const audit = (await listAudit({ applicationId: app.id })).items.find((e) => e.action === 'filing_details_edited');
    expect(audit).toMatchObject({ after: { changed: ['Principal office address'], reason: 'The customer wrote that the suite number was missing' } });
    const email = await getMessage(`details-changed:${app.id}:${(await readApplication(app.id))?.version}`);
    expect(email).toMatchObject({ kind: 'details_changed', to: 'maya@example.com', payload: { changed: ['Principal office address'] } });
  });

  it('needs a reason, the order in processing, and a change', async () => {
    const processing = await processingOrder();
    const noReason = await put(processing.id, filingDetailsInput({ principalOffice: suite }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toHaveProperty('reason');
    expect((await put(processing.id, { ...filingDetailsInput(), reason: 'No change at all' })).status).toBe(409);
    const bad = await put(processing.id, { ...filingDetailsInput({ principalOffice: { ...FIXTURE_ADDRESS, zip: 'abc' } }), reason: 'Zip typo' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toContain('principalOffice.zip');
    const submitted = await processingOrder('submitted');
    const early = await put(submitted.id, { ...filingDetailsInput({ principalOffice: suite }), reason: 'Too early' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('status_conflict');
  });
});
