import { beforeAll, describe, expect, it } from 'vitest';
import { readApplication } from '../../../tests/fakes/applications.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { type FakePerson, putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { handler as assignHandler } from './assign.ts';
import { handler as assigneesHandler } from './assignees.ts';
import { handler as bulkHandler } from './bulk-action.ts';

let ana: FakePerson;
let ben: FakePerson;
beforeAll(async () => {
  // Two processors work the queue.
  [ana, ben] = await Promise.all([signedInPerson({ role: 'processor', name: 'Ana' }), signedInPerson({ role: 'processor', name: 'Ben' })]);
  // Start Processing generates the documents: our registered agent has its office in the fixtures' states.
  await putOperatorAgentOffices();
});

const assign = (id: string, body: unknown, who = ana) =>
  invoke(
    assignHandler,
    apiEvent({
      method: 'PUT',
      route: '/api/staff/applications/{id}/assignee',
      path: `/api/staff/applications/${id}/assignee`,
      pathParameters: { id },
      body,
      headers: who.headers,
    }),
  );
const bulk = (body: unknown, who = ana) => invoke(bulkHandler, apiEvent({ method: 'POST', route: '/api/staff/bulk-actions', body, headers: who.headers }));

describe('PUT /api/staff/applications/{id}/assignee', () => {
  it('assigns at the version seen, audited; a second person at the old version is told, not written over', async () => {
    const app = await putApplication({ version: 3 });
    const mine = await assign(app.id, { personId: ana.person.id, version: 3 });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ assignee: { id: ana.person.id, email: ana.person.email }, version: 4 });
    // Ben saw version 3 too: his assignment is refused and Ana keeps the order.
    const late = await assign(app.id, { personId: ben.person.id, version: 3 }, ben);
    expect(late).toMatchObject({ status: 409, body: { code: 'version_conflict' } });
    expect((await readApplication(app.id))?.assignee).toMatchObject({ id: ana.person.id });
    const audit = await listAudit({ applicationId: app.id });
    expect(audit.items.map((e) => [e.action, e.after])).toEqual([['application_assigned', { assignee: ana.person.email }]]);
    // To nobody, at the new version.
    const none = await assign(app.id, { personId: null, version: 4 });
    expect(none.status).toBe(200);
    expect(none.body.assignee).toBeUndefined();
    expect((await readApplication(app.id))?.assignee).toBeUndefined();
  });

  it('refuses an unknown person, a bad body and no token as 4xx JSON', async () => {
    const app = await putApplication({ version: 1 });
    expect(await assign(app.id, { personId: 'nobody-on-the-staff', version: 1 })).toMatchObject({ status: 404, body: { code: 'person_not_found' } });
    expect(await assign(app.id, { personId: ana.person.id })).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    const anonymous = await invoke(
      assignHandler,
      apiEvent({ method: 'PUT', route: '/api/staff/applications/{id}/assignee', pathParameters: { id: app.id }, body: { personId: null, version: 1 } }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('lists the active people to assign to', async () => {
    const res = await invoke(assigneesHandler, apiEvent({ method: 'GET', route: '/api/staff/assignees', headers: ana.headers }));
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual(expect.arrayContaining([{ id: ben.person.id, email: ben.person.email, name: 'Ben' }]));
  });
});

describe('POST /api/staff/bulk-actions', () => {
  it('assigns each order at its version and reports the one that changed meanwhile', async () => {
    const [a, b] = await Promise.all([putApplication({ version: 2 }), putApplication({ version: 5 })]);
    const res = await bulk({
      action: 'assign',
      personId: ben.person.id,
      orders: [
        { id: a.id, version: 2 },
        { id: b.id, version: 4 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.done.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(res.body.failed).toEqual([{ id: b.id, code: 'version_conflict', error: expect.stringMatching(/changed/) }]);
    expect((await readApplication(a.id))?.assignee).toMatchObject({ id: ben.person.id });
    expect((await readApplication(b.id))?.assignee).toBeUndefined();
  });

  it('starts processing the ready orders and says why the others could not start', async () => {
    const ready = await putApplication({ version: 1, queue: 'ready', queueSince: new Date().toISOString() });
    const started = await putApplication({ status: 'processing', version: 1 });
    const noDetails = await putApplication({ version: 1, detailsCompletedAt: undefined });
    const res = await bulk({
      action: 'start_processing',
      orders: [
        { id: ready.id, version: 1 },
        { id: started.id, version: 1 },
        { id: noDetails.id, version: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.done.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[ready.id, 'processing']]);
    expect(res.body.failed.map((f: { id: string; code: string }) => [f.id, f.code])).toEqual([
      [started.id, 'status_conflict'],
      [noDetails.id, 'status_conflict'],
    ]);
    expect(await readApplication(ready.id)).toMatchObject({ status: 'processing', queue: 'processing' });
    expect(await readApplication(started.id)).toMatchObject({ status: 'processing', version: 1 });
  });

  it('refuses an empty list, too many orders and an assign without whom, as 400', async () => {
    expect(await bulk({ action: 'assign', personId: null, orders: [] })).toMatchObject({ status: 400 });
    const many = Array.from({ length: 26 }, () => ({ id: crypto.randomUUID(), version: 1 }));
    expect(await bulk({ action: 'start_processing', orders: many })).toMatchObject({ status: 400 });
    expect(await bulk({ action: 'assign', orders: [{ id: crypto.randomUUID(), version: 1 }] })).toMatchObject({ status: 400 });
  });
});
