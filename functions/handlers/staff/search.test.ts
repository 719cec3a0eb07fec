import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { type FakePerson, putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { handler as create } from '../applications/create.ts';
import { handler as wizardSave } from '../applications/update.ts';
import { handler as audit } from '../staff-access/audit.ts';
import { handler as assign } from './assign.ts';
import { handler as listApplications } from './list-applications.ts';
import { handler as updateApplication } from './update-application.ts';

/** Staff search and filters against DynamoDB Local, with orders written by the product's own writes. */
let staff: FakePerson;
beforeAll(async () => {
  staff = await signedInPerson({ role: 'processor' });
  await putOperatorAgentOffices();
});

const tag = randomUUID().slice(0, 6);
const wizardData = (over: Partial<WizardData> = {}): WizardData => ({
  ...initialWizardData('user-abcdef12'),
  firstName: 'Zoë',
  lastName: 'Quill',
  email: `zoe.${tag}@Example.com`,
  phone: '305-555-0100',
  priority: 'privacy',
  residenceState: 'WY',
  state: 'WY',
  contentTypes: ['tech'],
  platforms: ['youtube'],
  businessName: `Quillmark ${tag} Studio LLC`,
  annualIncome: 90000,
  estimatedSavings: 3000,
  currentStep: 4,
  ...over,
});

async function submitted(data: WizardData): Promise<string> {
  const made = await invoke(create, apiEvent({ method: 'POST', route: '/api/llc-applications', body: { firstName: data.firstName, userId: data.userId } }));
  const { id, resumeSecret } = made.body;
  const save = (body: unknown) =>
    invoke(
      wizardSave,
      apiEvent({ method: 'PATCH', route: '/api/llc-applications/{id}', path: `/api/llc-applications/${id}`, pathParameters: { id }, body, resumeSecret }),
    );
  expect((await save({ ...data, completed: true })).status).toBe(200);
  saves.set(id, save);
  return id;
}
const saves = new Map<string, (body: unknown) => Promise<{ status: number }>>();

async function search(query: Record<string, string>) {
  dynamoCallLog.length = 0;
  const res = await invoke(listApplications, apiEvent({ method: 'GET', route: '/api/staff/applications', query, headers: staff.headers }));
  expect(res.status).toBe(200);
  return { ids: (res.body.items as { id: string }[]).map((a) => a.id), calls: [...dynamoCallLog], body: res.body };
}

describe('staff search (the search index, written with the order)', () => {
  let id: string;
  beforeAll(async () => {
    id = await submitted(wizardData());
  });

  it('finds a submitted order by email, business-name prefix, name and order number, whatever the case', async () => {
    expect((await search({ q: `ZOE.${tag}@example.COM` })).ids).toEqual([id]);
    expect((await search({ q: `quillmark ${tag}` })).ids).toEqual([id]);
    expect((await search({ q: `QUILLMARK ${tag} st` })).ids).toEqual([id]);
    expect((await search({ q: id.slice(0, 8).toUpperCase() })).ids).toEqual([id]);
    expect((await search({ q: id })).ids).toEqual([id]);
    // Accents do not matter: "zoe quill" finds Zoë Quill (among any other Zoe Quills of this run).
    expect((await search({ q: 'Zoe Quill' })).ids).toContain(id);
  });

  it('a search is a fixed number of requests: one Query per kind, one BatchGetItem', async () => {
    const { calls } = await search({ q: `quillmark ${tag}` });
    expect(calls.filter((c) => c === 'QueryCommand').length).toBe(5);
    expect(calls.filter((c) => c === 'BatchGetItemCommand').length).toBe(1);
    // An address is only an email: one Query.
    const byEmail = await search({ q: `zoe.${tag}@example.com` });
    expect(byEmail.calls.filter((c) => c === 'QueryCommand').length).toBe(1);
  });

  it('a later save replaces the entries: the old email finds nothing, the new one the order', async () => {
    const other = await submitted(wizardData({ email: `old.${tag}@example.com`, businessName: `Renamed ${tag} Before LLC` }));
    const save = saves.get(other);
    expect((await save?.(wizardData({ email: `new.${tag}@example.com`, businessName: `Renamed ${tag} After LLC` })))?.status).toBe(200);
    expect((await search({ q: `old.${tag}@example.com` })).ids).toEqual([]);
    expect((await search({ q: `new.${tag}@example.com` })).ids).toEqual([other]);
    expect((await search({ q: `renamed ${tag} before` })).ids).toEqual([]);
    expect((await search({ q: `renamed ${tag} after` })).ids).toEqual([other]);
  });

  it('finds a filed order by the state file number, typed with or without its dashes', async () => {
    const formation = {
      id: randomUUID(),
      kind: 'formation',
      title: 'Articles',
      key: 'k0',
      fileName: 'f.pdf',
      version: 1,
      createdAt: new Date().toISOString(),
      origin: 'generated',
      size: 10,
    };
    const order = await putApplication({ status: 'processing', version: 1, documents: [formation] });
    const fileNumber = `L26-${tag.replace(/[^0-9a-f]/g, '0')}-77`;
    const filed = await invoke(
      updateApplication,
      staffUpdateEvent(order.id, { status: 'filed', fileNumber, filedOn: new Date().toISOString().slice(0, 10) }, staff.headers),
    );
    expect(filed.status).toBe(200);
    expect((await search({ q: fileNumber })).ids).toEqual([order.id]);
    expect((await search({ q: fileNumber.replace(/-/g, '').toLowerCase() })).ids).toEqual([order.id]);
  });

  it('a term too short or of no letters finds nothing, without a request', async () => {
    const { ids, calls } = await search({ q: '-' });
    expect(ids).toEqual([]);
    expect(calls).toEqual(['GetItemCommand']);
  });
});

describe('staff filters', () => {
  const state = 'NM';
  let made: Record<string, { id: string }>;
  beforeAll(async () => {
    const [paidEin, paidPlain, refunded] = await Promise.all([
      putApplication({ state, feinFiling: true }),
      putApplication({ state, feinFiling: false }),
      putApplication({ state, paymentStatus: 'refunded', feinFiling: true }),
    ]);
    made = { paidEin, paidPlain, refunded };
  });

  it('by state, payment and add-on, together, with one Query a page', async () => {
    const all = await search({ state });
    expect(all.ids.sort()).toEqual(
      Object.values(made)
        .map((a) => a.id)
        .sort(),
    );
    expect(all.calls).toEqual(['GetItemCommand', 'QueryCommand']);
    expect((await search({ state, addOn: 'feinFiling' })).ids.sort()).toEqual([made.paidEin.id, made.refunded.id].sort());
    expect((await search({ state, addOn: 'feinFiling', paymentStatus: 'paid' })).ids).toEqual([made.paidEin.id]);
    expect((await search({ state, status: 'submitted', paymentStatus: 'refunded' })).ids).toEqual([made.refunded.id]);
  });

  it('by assignee: the orders assigned to a person, from the assignment index entry', async () => {
    const order = await submitted(wizardData({ email: `assigned.${tag}@example.com`, businessName: `Assigned ${tag} LLC` }));
    const before = await search({ assignee: staff.person.id });
    expect(before.ids).not.toContain(order);
    const { readApplication } = await import('../../../tests/fakes/applications.ts');
    const version = (await readApplication(order))?.version;
    const res = await invoke(
      assign,
      apiEvent({
        method: 'PUT',
        route: '/api/staff/applications/{id}/assignee',
        pathParameters: { id: order },
        body: { personId: staff.person.id, version },
        headers: staff.headers,
      }),
    );
    expect(res.status).toBe(200);
    expect((await search({ assignee: staff.person.id })).ids).toContain(order);
    expect((await search({ q: `assigned ${tag}`, assignee: staff.person.id })).ids).toEqual([order]);
    // The audit trail is searched the same way: the assignment's entry, found by the customer's email.
    const trail = await invoke(
      audit,
      apiEvent({ method: 'GET', route: '/api/staff/audit', query: { order: `ASSIGNED.${tag}@example.com` }, headers: staff.headers }),
    );
    expect(trail.status).toBe(200);
    expect(trail.body.items.map((e: { action: string; applicationId: string }) => [e.action, e.applicationId])).toEqual([['application_assigned', order]]);
    const none = await invoke(
      audit,
      apiEvent({ method: 'GET', route: '/api/staff/audit', query: { order: `nobody.${tag}@example.com` }, headers: staff.headers }),
    );
    expect(none.body).toEqual({ items: [], nextCursor: null });
  });

  it('refuses an unknown add-on, payment or state code as 400', async () => {
    const refused: Record<string, string>[] = [{ addOn: 'yacht' }, { paymentStatus: 'maybe' }, { state: 'wyoming' }];
    for (const query of refused) {
      const res = await invoke(listApplications, apiEvent({ method: 'GET', route: '/api/staff/applications', query, headers: staff.headers }));
      expect(res).toMatchObject({ status: 400, body: { code: expect.any(String) } });
    }
  });
});
