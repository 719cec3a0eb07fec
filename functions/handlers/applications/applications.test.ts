import { beforeEach, describe, expect, it } from 'vitest';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { readApplication as rawItem, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { handler as create } from './create.ts';
import { handler as get } from './get.ts';
import { handler as update } from './update.ts';

const complete = (over: Partial<WizardData> = {}): WizardData => ({
  ...initialWizardData('user-abcdef12'),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '305-555-0100',
  priority: 'privacy',
  residenceState: 'WY',
  state: 'WY',
  contentTypes: ['tech', 'gaming'],
  platforms: ['youtube'],
  businessName: 'Byte Works LLC',
  annualIncome: 90000,
  estimatedSavings: 3000,
  currentStep: 4,
  ...over,
});

/** The resume secret each application created here was given, as the creating browser keeps it. */
const secrets = new Map<string, string>();
const post = async (body: unknown) => {
  const res = await invoke(create, apiEvent({ method: 'POST', route: '/api/llc-applications', body }));
  if (res.status === 201) secrets.set(res.body.id, res.body.resumeSecret);
  return res;
};
const patch = (id: string, body: unknown, resumeSecret: string | null = secrets.get(id) ?? 'no-secret-known') =>
  invoke(
    update,
    apiEvent({ method: 'PATCH', route: '/api/llc-applications/{id}', path: `/api/llc-applications/${id}`, pathParameters: { id }, body, resumeSecret }),
  );
const read = (id: string, resumeSecret: string | null = secrets.get(id) ?? 'no-secret-known') =>
  invoke(get, apiEvent({ method: 'GET', route: '/api/llc-applications/{id}', path: `/api/llc-applications/${id}`, pathParameters: { id }, resumeSecret }));

/** The per-address rate limit's one conditional write, counted before anything else a request does. */
const RATE_LIMIT = 'UpdateItemCommand';

beforeEach(() => {
  dynamoCallLog.length = 0;
});

describe('POST /api/llc-applications', () => {
  it('creates a draft with a server-made UUID v4 in one write', async () => {
    const res = await post({ firstName: 'Ada', userId: 'user-abcdef12' });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(dynamoCallLog).toEqual([RATE_LIMIT, 'PutItemCommand']);
    const item = await rawItem(res.body.id);
    expect(item).toMatchObject({
      id: res.body.id,
      firstName: 'Ada',
      status: 'draft',
      paymentStatus: 'unpaid',
      completed: false,
      state: 'FL',
      currentStep: 1,
      expeditedFiling: false,
      feinFiling: false,
      operatingAgreement: false,
    });
    expect(item?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(item?.createdAt).toBe(item?.updatedAt);
    expect(item?.listPartition).toBeUndefined();
  });

  it('never takes the id, status or payment fields from the client', async () => {
    for (const field of ['id', 'status', 'paymentStatus', 'notes', 'createdAt']) {
      const res = await post({ firstName: 'Ada', [field]: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ [field]: ['Unknown field'] });
    }
    // One rate-limit count per request, and nothing else.
    expect(dynamoCallLog).toEqual(Array(5).fill(RATE_LIMIT));
  });

  it('400s invalid data with field details and writes nothing', async () => {
    const res = await post({ firstName: 'Ada', state: 'ZZ', contentTypes: ['knitting'] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details).sort()).toEqual(['contentTypes.0', 'state']);
    expect(dynamoCallLog).toEqual([RATE_LIMIT]);
    expect((await post(undefined)).status).toBe(400);
    expect((await post({ completed: true })).status).toBe(400);
  });
});

describe('PATCH /api/llc-applications/{id}', () => {
  it('an autosave is exactly one DynamoDB call (a conditional UpdateItem)', async () => {
    const { body } = await post({ firstName: 'Ada' });
    // Backdate the draft so the autosave's new updatedAt is visible.
    const old = '2020-01-01T00:00:00.000Z';
    await setApplicationFields(body.id, { createdAt: old, updatedAt: old });
    dynamoCallLog.length = 0;
    const res = await patch(body.id, { lastName: 'Lovelace', businessName: 'Bright Studios, L.L.C.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: body.id });
    expect(dynamoCallLog).toEqual([RATE_LIMIT, 'UpdateItemCommand']);
    const item = await rawItem(body.id);
    expect(item).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', nameKey: 'brightstudios', status: 'draft' });
    expect(item?.createdAt).toBe(old);
    expect(item?.updatedAt > old).toBe(true);
  });

  it('clearing the business name removes the name key', async () => {
    const { body } = await post({ businessName: 'Glow LLC' });
    expect((await rawItem(body.id))?.nameKey).toBe('glow');
    await patch(body.id, { businessName: '' });
    expect((await rawItem(body.id))?.nameKey).toBeUndefined();
  });

  it('accepts the checkout add-on toggles alone', async () => {
    const { body } = await post({ firstName: 'Ada' });
    expect((await patch(body.id, { expeditedFiling: true, feinFiling: true, operatingAgreement: false })).status).toBe(200);
    expect(await rawItem(body.id)).toMatchObject({ expeditedFiling: true, feinFiling: true, operatingAgreement: false });
  });

  it('404s an unknown id and 400s a malformed one', async () => {
    const res = await patch('6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10', { firstName: 'X' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Application not found', code: 'application_not_found' });
    expect(await rawItem('6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10')).toBeUndefined();
    expect((await patch('not-a-uuid', { firstName: 'X' })).status).toBe(400);
  });

  it('409s once the application is paid', async () => {
    const { body } = await post({ firstName: 'Ada' });
    await setApplicationFields(body.id, { paymentStatus: 'paid' });
    const res = await patch(body.id, { expeditedFiling: true });
    expect(res.status).toBe(409);
    expect((await rawItem(body.id))?.expeditedFiling).toBe(false);
    expect((await patch(body.id, complete({ completed: true }))).status).toBe(409);
    expect((await rawItem(body.id))?.status).toBe('draft');
  });

  it('rejects unknown fields (strict) without writing', async () => {
    const { body } = await post({ firstName: 'Ada' });
    dynamoCallLog.length = 0;
    const res = await patch(body.id, { status: 'completed' });
    expect(res.status).toBe(400);
    expect(dynamoCallLog).toEqual([RATE_LIMIT]);
  });

  it('completed: true submits: status, submittedAt, list partition, counter and activity in one transaction', async () => {
    const before = await readDashboardCounts();
    const { body } = await post({ firstName: 'Ada' });
    dynamoCallLog.length = 0;
    const res = await patch(body.id, complete({ completed: true }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: body.id, status: 'submitted' });
    expect(dynamoCallLog).toEqual([RATE_LIMIT, 'QueryCommand', 'TransactWriteItemsCommand']);
    const item = await rawItem(body.id);
    expect(item).toMatchObject({ status: 'submitted', completed: true, listPartition: 'ALL', nameKey: 'byteworks', businessName: 'Byte Works LLC' });
    expect(item?.submittedAt).toEqual(expect.any(String));
    const after = await readDashboardCounts();
    expect(after.totalApplications).toBe(before.totalApplications + 1);
    const activity = await listRecentActivity(5);
    expect(activity[0]).toMatchObject({ action: 'application_submitted', applicationId: body.id });
    expect(activity[0].description).toContain('Byte Works LLC');
    expect(activity[0].description).toContain('Ada Lovelace');

    // Submitting again: a plain save, counted once only.
    const again = await patch(body.id, complete({ completed: true, phone: '305-555-0199' }));
    expect(again.status).toBe(200);
    expect((await readDashboardCounts()).totalApplications).toBe(after.totalApplications);
    expect(await rawItem(body.id)).toMatchObject({ status: 'submitted', phone: '305-555-0199', submittedAt: item?.submittedAt });
    // An autosave afterwards never reverts completion.
    await patch(body.id, { completed: false, feinFiling: true });
    expect(await rawItem(body.id)).toMatchObject({ status: 'submitted', completed: true, feinFiling: true });
  });

  it('an incomplete submission is a 400 naming each field with its sentence, and changes nothing', async () => {
    const { body } = await post({ firstName: 'Ada' });
    const res = await patch(body.id, complete({ completed: true, platforms: [], businessName: '' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ platforms: ['Choose at least one platform'], businessName: ['Enter a business name'] });
    expect((await rawItem(body.id))?.status).toBe('draft');
    // A partial body with completed: true is not a whole application.
    expect((await patch(body.id, { completed: true })).status).toBe(400);
  });

  it('submitting an unknown id is a 404', async () => {
    const res = await patch('0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b', complete({ completed: true }));
    expect(res.status).toBe(404);
    expect(await rawItem('0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b')).toBeUndefined();
  });
});

describe('GET /api/llc-applications/{id}', () => {
  it('round trip: returns the public application, state pricing and the order total', async () => {
    const { body } = await post(complete({ expeditedFiling: true, operatingAgreement: true, state: 'TX' }));
    await setApplicationFields(body.id, { notes: 'staff only', paymentIntentId: 'pi_123' });
    dynamoCallLog.length = 0;
    const res = await read(body.id);
    expect(res.status).toBe(200);
    // The application, and the operator's add-on prices it is priced at until a payment freezes them.
    expect(dynamoCallLog).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(res.body.application).toMatchObject({
      id: body.id,
      status: 'draft',
      paymentStatus: 'unpaid',
      businessName: 'Byte Works LLC',
      state: 'TX',
      expeditedFiling: true,
      feinFiling: false,
      operatingAgreement: true,
    });
    for (const internal of ['listPartition', 'nameKey', 'paymentIntentId', 'notes']) expect(res.body.application).not.toHaveProperty(internal);
    expect(res.body.pricing).toEqual({
      code: 'TX',
      name: 'Texas',
      filingFee: 300,
      serviceFee: 150,
      totalCost: 450,
      processingTime: 'Texas publishes no standard processing time',
      processingTimePublished: false,
      processingTimeCheckedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // Texas sells an expedite: our $75 handling plus the state's own $50 fee (shared/state-facts/processing-times.ts).
    expect(res.body.order.total).toBe(450 + 75 + 50 + 50);
    expect(res.body.order.totalCents).toBe(62500);
    expect(res.body.order.lines.map((l: { key: string }) => l.key)).toEqual([
      'filingFee',
      'serviceFee',
      'expeditedFiling',
      'stateExpediteFee',
      'operatingAgreement',
    ]);
  });

  it('404s unknown and 400s malformed ids', async () => {
    expect((await read('9d3f0a6e-1b2c-4d5e-8f90-a1b2c3d4e5f6')).status).toBe(404);
    const bad = await read('1; DROP TABLE');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/id/);
  });
});

describe('only the holder of an application reads or changes it (resume secret)', () => {
  it('an id alone reveals nothing: without the secret, or with another, it is "not found" and nothing changes', async () => {
    const { body } = await post(complete());
    expect(body.resumeSecret).toMatch(/^[\w-]{32}$/);
    for (const secret of [null, 'wrong-secret-wrong-secret-wrong']) {
      const got = await read(body.id, secret);
      expect(got.status).toBe(404);
      expect(got.body).toEqual({ error: 'Application not found', code: 'application_not_found' });
      expect(JSON.stringify(got.body)).not.toContain('Lovelace');
      expect((await patch(body.id, { lastName: 'Mallory' }, secret)).status).toBe(404);
    }
    expect((await rawItem(body.id))?.lastName).toBe('Lovelace');
    // The secret is stored only as its hash.
    expect(JSON.stringify(await rawItem(body.id))).not.toContain(body.resumeSecret);
    expect((await read(body.id)).status).toBe(200);
  });

  it('an abandoned application expires (DynamoDB TTL) a set time after its last change', async () => {
    const { body } = await post({ firstName: 'Ada' });
    const first = (await rawItem(body.id))?.expiresAt as number;
    const days = (first - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // An earlier expiry, not a past one: DynamoDB Local deletes expired items by the table's TTL.
    await setApplicationFields(body.id, { expiresAt: first - 3600 });
    await patch(body.id, { lastName: 'Lovelace' });
    expect((await rawItem(body.id))?.expiresAt).toBeGreaterThan(first - 5);
  });
});

describe('visitor changes once payment started or the order is paid', () => {
  it('a paid application that staff moved to processing cannot be changed by the visitor, and a resubmission does not answer "submitted"', async () => {
    const { body } = await post(complete());
    await patch(body.id, complete({ completed: true }));
    await setApplicationFields(body.id, { paymentStatus: 'paid', status: 'processing', amountPaidCents: 27500 });
    for (const change of [{ businessName: 'Other Name LLC' }, { email: 'mallory@example.com' }, { state: 'TX' }, complete({ completed: true, state: 'TX' })]) {
      const res = await patch(body.id, change);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('application_locked');
      expect(res.body.error).toContain('"Request a change" on your order page');
      expect(res.body.status).toBeUndefined();
    }
    expect(await rawItem(body.id)).toMatchObject({ businessName: 'Byte Works LLC', email: 'ada@example.com', state: 'WY', status: 'processing' });
  });
});
