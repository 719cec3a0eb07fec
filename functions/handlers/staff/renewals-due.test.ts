import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '#shared/compliance/dates.ts';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { renewalRowPut } from '../../data/reminders.ts';
import { ddb } from '../../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { handler } from './renewals-due.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders({ role: 'processor' });
});

const today = dayOf(Date.now());

/** A paid order with our registered agent, and its renewal charge row as payment writes it. */
async function orderRenewingOn(day: string, fields: Record<string, unknown> = {}) {
  const app = await putApplication({ status: 'completed', paidAt: new Date().toISOString(), ...fields });
  await ddb().send(new TransactWriteCommand({ TransactItems: [renewalRowPut(app.id, day, day)] }));
  return app;
}

describe('GET /api/staff/renewals-due', () => {
  it('lists the renewals due in the next 60 days, soonest first, with the customer’s choice', async () => {
    const soon = await orderRenewingOn(addDays(today, 10), { businessName: 'Soon Renewing LLC' });
    const later = await orderRenewingOn(addDays(today, 45), { businessName: 'Later Renewing LLC', renewalCancelledAt: new Date().toISOString() });
    const outside = await orderRenewingOn(addDays(today, 75));
    const past = await orderRenewingOn(addDays(today, -3));
    const res = await invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/renewals-due', headers }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: today, to: addDays(today, 60) });
    const ids = res.body.items.map((i: { applicationId: string }) => i.applicationId);
    expect(ids).toEqual(expect.arrayContaining([soon.id, later.id]));
    expect(ids).not.toContain(outside.id);
    expect(ids).not.toContain(past.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    const bySoon = res.body.items.find((i: { applicationId: string }) => i.applicationId === soon.id);
    expect(bySoon).toMatchObject({ businessName: 'Soon Renewing LLC', dueOn: addDays(today, 10), status: expect.any(String), priceUsd: expect.any(Number) });
    expect(res.body.items.find((i: { applicationId: string }) => i.applicationId === later.id)).toMatchObject({ status: 'cancelled' });
  });

  it('needs a signed-in person', async () => {
    expect((await invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/renewals-due' }))).status).toBe(401);
  });
});
