import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXTS } from '#shared/content/registry.ts';
import { AUDIT_PAGE_SIZE } from '#shared/staff/audit.ts';
import { GENERATED_FORMATION_DOCUMENT } from '../../../tests/fakes/documents.ts';
import { putApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { auditPut, recordAudit } from '../../data/audit.ts';
import { createTicket } from '../../data/tickets.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { handler as createContent } from '../content/create.ts';
import { handler as deleteContent } from '../content/delete.ts';
import { handler as updateContent } from '../content/update.ts';
import { handler as getSettings } from '../operator/settings.ts';
import { handler as audit } from '../staff-access/audit.ts';
import { handler as saveSettings } from '../staff-access/operator-settings.ts';
import { handler as updateTicket } from '../staff-support/update-ticket.ts';
import { handler as refund } from './refund.ts';
import { handler as updateApplication } from './update-application.ts';

/**
 * The audit trail through the handlers: each staff action appears with who did it, when, the
 * order it concerns and the values before and after; the dashboard's view filters it by person,
 * order and action; entries can only be added. And the operator's settings, which the owner edits.
 */
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let owner: Person;
let sam: Person;
beforeAll(async () => {
  owner = await signedInPerson({ role: 'owner', email: 'owner@audit.example' });
  sam = await signedInPerson({ role: 'processor', email: 'sam@audit.example' });
});

const call = (
  handler: Parameters<typeof invoke>[0],
  method: string,
  route: string,
  opts: { id?: string; headers?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
) =>
  invoke(
    handler,
    apiEvent({
      method,
      route,
      path: opts.id ? route.replace('{id}', opts.id) : route,
      pathParameters: opts.id ? { id: opts.id } : undefined,
      headers: opts.headers,
      body: opts.body,
      query: opts.query,
    }),
  );

const trail = (query: Record<string, string>, headers = sam.headers) => call(audit, 'GET', '/api/staff/audit', { headers, query });

describe('staff actions in the audit trail', () => {
  it('a status move and notes: the person, the order, the values before and after', async () => {
    // Mark Filed files our formation document: the order has one.
    const app = await putApplication({
      status: 'processing',
      documents: [GENERATED_FORMATION_DOCUMENT],
    });
    const noted = await call(updateApplication, 'PATCH', '/api/staff/applications/{id}', {
      id: app.id,
      headers: sam.headers,
      body: { notes: 'Called the customer.' },
    });
    expect(noted.status).toBe(200);
    const filed = await call(updateApplication, 'PATCH', '/api/staff/applications/{id}', {
      id: app.id,
      headers: owner.headers,
      body: { status: 'filed', fileNumber: 'L26000999999', filedOn: '2026-11-20' },
    });
    expect(filed.status).toBe(200);
    const res = await trail({ applicationId: app.id });
    expect(res.status).toBe(200);
    expect(res.body.items).toMatchObject([
      {
        action: 'application_status_changed',
        actorId: owner.person.id,
        actorEmail: 'owner@audit.example',
        actorRole: 'owner',
        applicationId: app.id,
        subject: 'Mark Filed',
        before: { status: 'processing' },
        after: { status: 'filed', fileNumber: 'L26000999999', filedOn: '2026-11-20' },
      },
      { action: 'application_notes_changed', actorEmail: 'sam@audit.example', before: { notes: '' }, after: { notes: 'Called the customer.' } },
    ]);
    expect(Date.parse(res.body.items[0].at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a refused move writes no entry (the entry is part of the move’s transaction)', async () => {
    const app = await putApplication({ status: 'submitted', paymentStatus: 'unpaid' });
    const refused = await call(updateApplication, 'PATCH', '/api/staff/applications/{id}', {
      id: app.id,
      headers: sam.headers,
      body: { status: 'processing' },
    });
    expect(refused.status).toBe(409);
    expect((await trail({ applicationId: app.id })).body.items).toEqual([]);
  });

  it('content created, changed and deleted, with the text before and after', async () => {
    const place = SITE_TEXTS.find((t) => t.page === 'pricing')!;
    // Publishing is an owner's (docs/decisions/0412): a processor's change is a draft, audited on its own.
    expect(
      (await call(createContent, 'POST', '/api/content', { headers: sam.headers, body: { page: place.page, section: place.section, content: 'Mine' } })).status,
    ).toBe(403);
    const created = await call(createContent, 'POST', '/api/content', {
      headers: owner.headers,
      body: { page: place.page, section: place.section, content: 'First text' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await call(updateContent, 'PATCH', '/api/content/{id}', { id, headers: owner.headers, body: { content: 'Second text' } })).status).toBe(200);
    expect((await call(deleteContent, 'DELETE', '/api/content/{id}', { id, headers: owner.headers })).status).toBe(204);
    const subject = `${place.page} / ${place.section}`;
    const entries = (await trail({ personId: owner.person.id })).body.items.filter((e: { subject?: string }) => e.subject === subject);
    expect(entries).toMatchObject([
      { action: 'content_deleted', before: { content: 'Second text' } },
      { action: 'content_updated', before: { content: 'First text' }, after: { content: 'Second text' } },
      { action: 'content_created', after: { content: 'First text', contentType: 'text' } },
    ]);
    expect((await trail({ action: 'content_updated' })).body.items[0]).toMatchObject({
      actorEmail: 'owner@audit.example',
      subject,
      before: { content: 'First text' },
      after: { content: 'Second text' },
    });
  });

  it('ticket closed and reopened', async () => {
    const ticket = await createTicket({ name: 'Ana', email: 'ana@example.com', subject: 'Help', message: 'Please help' }, '203.0.113.90');
    await call(updateTicket, 'PATCH', '/api/staff/tickets/{id}', { id: ticket.id, headers: sam.headers, body: { status: 'closed' } });
    await call(updateTicket, 'PATCH', '/api/staff/tickets/{id}', { id: ticket.id, headers: sam.headers, body: { status: 'open' } });
    const entries = (await trail({ personId: sam.person.id })).body.items.filter((e: { subject?: string }) => e.subject === `ticket ${ticket.id}`);
    expect(entries.map((e: { action: string; before: unknown; after: unknown }) => [e.action, e.before, e.after])).toEqual([
      ['ticket_reopened', { status: 'closed' }, { status: 'open' }],
      ['ticket_closed', { status: 'open' }, { status: 'closed' }],
    ]);
  });

  it('a refund, by the owner', async () => {
    const app = await putApplication({ status: 'processing', paymentProvider: 'test', paymentReference: 'pi_test_audit', amountPaidCents: 35000 });
    const body = { amountCents: 35000, reason: 'The customer cancelled', includeStateFee: true };
    expect((await call(refund, 'POST', '/api/staff/applications/{id}/refund', { id: app.id, headers: owner.headers, body })).status).toBe(200);
    expect((await trail({ applicationId: app.id, action: 'payment_refunded' })).body.items).toMatchObject([
      {
        actorId: owner.person.id,
        subject: 'pi_test_audit',
        before: { paymentStatus: 'paid', amountRefundedCents: 0 },
        after: { paymentStatus: 'refunded', amountRefundedCents: 35000, refunded: [{ amountCents: 35000, reason: 'The customer cancelled' }] },
      },
    ]);
  });
});

describe('the audit view', () => {
  it('filters by person, order and action together, and pages newest first', async () => {
    const app = await putApplication({ status: 'processing' });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++)
      await recordAudit({ actor: sam.person, action: 'application_notes_changed', applicationId: app.id, after: { notes: `note ${i}` } });
    await recordAudit({ actor: owner.person, action: 'application_notes_changed', applicationId: app.id, after: { notes: 'by the owner' } });
    await recordAudit({ actor: sam.person, action: 'document_generated', applicationId: app.id });
    const first = await trail({ applicationId: app.id, personId: sam.person.id, action: 'application_notes_changed' });
    expect(first.body.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.items[0].after).toEqual({ notes: `note ${AUDIT_PAGE_SIZE + 4}` });
    const second = await trail({ applicationId: app.id, personId: sam.person.id, action: 'application_notes_changed', cursor: first.body.nextCursor });
    expect(second.body.items.map((e: { after: { notes: string } }) => e.after.notes)).toEqual(['note 4', 'note 3', 'note 2', 'note 1', 'note 0']);
    expect(second.body.nextCursor).toBeNull();
    const byPersonAndAction = await trail({ personId: owner.person.id, action: 'application_notes_changed' });
    expect(
      byPersonAndAction.body.items.every((e: { actorId: string; action: string }) => e.actorId === owner.person.id && e.action === 'application_notes_changed'),
    ).toBe(true);
  });

  it('refuses filters it does not know', async () => {
    expect((await trail({ action: 'deleted_everything' })).status).toBe(400);
    expect((await trail({ applicationId: 'not-an-order' })).status).toBe(400);
    expect((await trail({ cursor: 'garbage' })).status).toBe(400);
  });

  it('entries are only ever added: a put on an existing key fails', async () => {
    const put = auditPut({ actor: sam.person, action: 'sign_in' });
    await ddb().send(
      new (await import('@aws-sdk/lib-dynamodb')).PutCommand({
        TableName: put.Put!.TableName,
        Item: put.Put!.Item,
        ConditionExpression: put.Put!.ConditionExpression,
      }),
    );
    const again = ddb().send(
      new (await import('@aws-sdk/lib-dynamodb')).PutCommand({
        TableName: put.Put!.TableName,
        Item: { ...put.Put!.Item, actorEmail: 'someone-else@example.com' },
        ConditionExpression: put.Put!.ConditionExpression,
      }),
    );
    await expect(again).rejects.toThrow(/conditional/i);
    const kept = await ddb().send(new GetCommand({ TableName: tableName('audit'), Key: { pk: put.Put!.Item!.pk, sk: put.Put!.Item!.sk } }));
    expect(kept.Item?.actorEmail).toBe(sam.person.email);
    // Kept for the stated retention, then removed by DynamoDB's TTL (no function deletes).
    expect(kept.Item?.ttl).toBeGreaterThan(Date.now() / 1000 + 6.9 * 365 * 24 * 3600);
  });
});

describe('operator settings', () => {
  const full = {
    legalName: 'Creator Filings LLC',
    address: { line1: '100 Biscayne Blvd', city: 'Miami', state: 'fl', zip: '33132' },
    supportEmail: 'help@creatorfilings.example',
    supportPhone: '+1 305 555 0100',
    registeredAgentRenewalUsd: 99,
    dbaServiceFeeUsd: 59,
    form2553Usd: 65,
    nyPublicationUsd: 120,
    homeStateRegistrationUsd: 129,
    annualReportServiceUsd: 89,
    refundTerms: 'If we cannot file your LLC, we refund the whole payment.',
    liveChatUrl: null,
    socialLinks: { instagram: 'https://instagram.com/creatorfilings' },
    registeredAgentOffices: [{ line1: '200 Main St', city: 'Tallahassee', state: 'FL', zip: '32301' }],
  };

  it('start unset (public read), are saved by the owner at the version read, and the change is audited', async () => {
    const empty = await call(getSettings, 'GET', '/api/operator-settings');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ legalName: null, address: null, registeredAgentRenewalUsd: null, socialLinks: {}, version: 0 });
    const saved = await call(saveSettings, 'PUT', '/api/staff/operator-settings', { headers: owner.headers, body: { ...full, version: 0 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ legalName: 'Creator Filings LLC', address: { state: 'FL' }, version: 1 });
    expect((await call(getSettings, 'GET', '/api/operator-settings')).body).toMatchObject({ ...full, address: { ...full.address, state: 'FL' }, version: 1 });
    // A save from an older read is refused, not lost.
    const stale = await call(saveSettings, 'PUT', '/api/staff/operator-settings', {
      headers: owner.headers,
      body: { ...full, legalName: 'Other', version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('settings_changed');
    const changed = await call(saveSettings, 'PUT', '/api/staff/operator-settings', {
      headers: owner.headers,
      body: { ...full, registeredAgentRenewalUsd: 125, version: 1 },
    });
    expect(changed.body.version).toBe(2);
    expect((await trail({ action: 'settings_changed' })).body.items[0]).toMatchObject({
      actorId: owner.person.id,
      subject: 'registeredAgentRenewalUsd',
      before: { registeredAgentRenewalUsd: 99 },
      after: { registeredAgentRenewalUsd: 125 },
    });
  });

  it('refuses invalid values with the field named', async () => {
    const current = (await call(getSettings, 'GET', '/api/operator-settings')).body;
    const { updatedAt: _u, ...body } = current;
    const bad = await call(saveSettings, 'PUT', '/api/staff/operator-settings', {
      headers: owner.headers,
      body: { ...body, supportEmail: 'not an email', liveChatUrl: 'javascript:alert(1)', registeredAgentRenewalUsd: -5 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(expect.arrayContaining(['supportEmail', 'liveChatUrl', 'registeredAgentRenewalUsd']));
    const twoOffices = await call(saveSettings, 'PUT', '/api/staff/operator-settings', {
      headers: owner.headers,
      body: { ...body, registeredAgentOffices: [full.registeredAgentOffices[0], full.registeredAgentOffices[0]] },
    });
    expect(twoOffices.status).toBe(400);
  });
});
