import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXTS } from '#shared/content/registry.ts';
import { type FakePerson, signedInPerson } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listAudit } from '../../data/audit.ts';
import { contentItemId } from '../../data/content.ts';
import { contentDraftId } from '../../data/content-drafts.ts';
import { handler as createContent } from './create.ts';
import { handler as deleteContent } from './delete.ts';
import { handler as approveDraft } from './drafts-approve.ts';
import { handler as listDrafts } from './drafts-list.ts';
import { handler as rejectDraft } from './drafts-reject.ts';
import { handler as saveDraft } from './drafts-save.ts';
import { handler as listContent } from './list.ts';
import { handler as updateContent } from './update.ts';

/**
 * Site texts are published by owners, or approved by one (docs/decisions/0412): a processor's
 * change is a draft the public never sees until an owner approves it; the audit trail names both.
 */
let owner: FakePerson;
let secondOwner: FakePerson;
let processor: FakePerson;
let support: FakePerson;
beforeAll(async () => {
  [owner, secondOwner, processor, support] = await Promise.all([
    signedInPerson({ role: 'owner' }),
    signedInPerson({ role: 'owner' }),
    signedInPerson({ role: 'processor' }),
    signedInPerson({ role: 'support' }),
  ]);
});

const as = (who: FakePerson) => who.headers;
const create = (who: FakePerson, body: unknown) => invoke(createContent, apiEvent({ method: 'POST', route: '/api/content', body, headers: as(who) }));
const update = (who: FakePerson, id: string, body: unknown) =>
  invoke(updateContent, apiEvent({ method: 'PATCH', route: '/api/content/{id}', path: `/api/content/${id}`, pathParameters: { id }, body, headers: as(who) }));
const remove = (who: FakePerson, id: string) =>
  invoke(deleteContent, apiEvent({ method: 'DELETE', route: '/api/content/{id}', path: `/api/content/${id}`, pathParameters: { id }, headers: as(who) }));
const save = (who: FakePerson, body: unknown) => invoke(saveDraft, apiEvent({ method: 'POST', route: '/api/content/drafts', body, headers: as(who) }));
const drafts = (who: FakePerson) => invoke(listDrafts, apiEvent({ method: 'GET', route: '/api/content/drafts', headers: as(who) }));
const approve = (who: FakePerson, id: string, body: unknown) =>
  invoke(
    approveDraft,
    apiEvent({
      method: 'POST',
      route: '/api/content/drafts/{id}/approve',
      path: `/api/content/drafts/${id}/approve`,
      pathParameters: { id },
      body,
      headers: as(who),
    }),
  );
const reject = (who: FakePerson, id: string, body: unknown) =>
  invoke(
    rejectDraft,
    apiEvent({
      method: 'POST',
      route: '/api/content/drafts/{id}/reject',
      path: `/api/content/drafts/${id}/reject`,
      pathParameters: { id },
      body,
      headers: as(who),
    }),
  );
/** What the public site reads. */
const publicText = async (page: string, section: string): Promise<string | undefined> => {
  const res = await invoke(listContent, apiEvent({ method: 'GET', route: '/api/content' }));
  expect(res.status).toBe(200);
  return (res.body as { page: string; section: string; content: string }[]).find((i) => i.page === page && i.section === section)?.content;
};

/** Each test takes its own registered place. */
const places = SITE_TEXTS.filter((t) => t.page !== 'footer').map(({ page, section }) => ({ page, section }));
let next = 0;
const place = () => places[next++];

/** Every 4xx is a plain sentence with a stable code. */
function refused(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual(expect.objectContaining({ code, error: expect.stringMatching(/^[A-Z].{10,}/) }));
}

describe('a processor cannot publish a site text', () => {
  it('POST, PATCH and DELETE of /api/content answer 403 to a processor and change nothing public', async () => {
    const where = place();
    expect((await create(owner, { ...where, content: 'Published by the owner' })).status).toBe(201);
    const id = contentItemId(where.page, where.section);
    refused(await create(processor, { ...where, content: 'Half price today' }), 403, 'owner_only');
    refused(await update(processor, id, { content: 'Half price today' }), 403, 'owner_only');
    refused(await remove(processor, id), 403, 'owner_only');
    expect(await publicText(where.page, where.section)).toBe('Published by the owner');
  });

  it('support may not draft either', async () => {
    refused(await save(support, { ...place(), content: 'x' }), 403, 'role_not_allowed');
    refused(await drafts(support), 403, 'role_not_allowed');
  });
});

describe('a processor’s draft, approved by an owner', () => {
  it('is not public until an owner approves it; then it is, and the audit trail names the drafter and the approver', async () => {
    const where = place();
    expect((await create(owner, { ...where, content: 'Formation from $49' })).status).toBe(201);

    const saved = await save(processor, { ...where, content: 'Formation from $0, guaranteed' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: contentDraftId(where.page, where.section),
      ...where,
      content: 'Formation from $0, guaranteed',
      contentType: 'text',
      version: 1,
      status: 'pending',
      draftedBy: { id: processor.person.id, email: processor.person.email },
    });
    // The public text is unchanged, and the public list never carries a draft.
    expect(await publicText(where.page, where.section)).toBe('Formation from $49');
    const listed = await invoke(listContent, apiEvent({ method: 'GET', route: '/api/content' }));
    expect(JSON.stringify(listed.body)).not.toContain('guaranteed');
    // Staff who edit the texts see it waiting.
    for (const who of [processor, owner]) expect((await drafts(who)).body).toContainEqual(saved.body);

    // The drafter cannot approve it (the route is an owner's).
    refused(await approve(processor, saved.body.id, { version: 1 }), 403, 'owner_only');
    expect(await publicText(where.page, where.section)).toBe('Formation from $49');

    const approved = await approve(owner, saved.body.id, { version: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id: contentItemId(where.page, where.section), ...where, content: 'Formation from $0, guaranteed', contentType: 'text' });
    expect(await publicText(where.page, where.section)).toBe('Formation from $0, guaranteed');
    expect((await drafts(owner)).body.find((d: { id: string }) => d.id === saved.body.id)).toBeUndefined();
    // Approved once: a second approval finds nothing.
    refused(await approve(owner, saved.body.id, { version: 1 }), 404, 'draft_not_found');

    const subject = `${where.page} / ${where.section}`;
    const approval = (await listAudit({ personId: owner.person.id, action: 'content_draft_approved' })).items.filter((e) => e.subject === subject);
    expect(approval).toEqual([
      expect.objectContaining({
        actorEmail: owner.person.email,
        actorRole: 'owner',
        before: { content: 'Formation from $49', contentType: 'text' },
        after: { content: 'Formation from $0, guaranteed', contentType: 'text', draftedBy: processor.person.email },
      }),
    ]);
    const draftEntry = (await listAudit({ personId: processor.person.id, action: 'content_draft_saved' })).items.filter((e) => e.subject === subject);
    expect(draftEntry).toEqual([
      expect.objectContaining({ actorEmail: processor.person.email, after: { content: 'Formation from $0, guaranteed', contentType: 'text' } }),
    ]);
  });

  it('a draft of a place with no item yet creates the item when approved', async () => {
    const where = place();
    expect(await publicText(where.page, where.section)).toBeUndefined();
    const saved = await save(processor, { ...where, content: '<p>New <b>promise</b></p><script>alert(1)</script>', contentType: 'html' });
    expect(saved.body.content).toBe('<p>New <b>promise</b></p>');
    expect(await publicText(where.page, where.section)).toBeUndefined();
    expect((await approve(owner, saved.body.id, { version: 1 })).status).toBe(200);
    expect(await publicText(where.page, where.section)).toBe('<p>New <b>promise</b></p>');
  });

  it('an owner approves only the version previewed; a second draft of the place is the same draft, changed at its version', async () => {
    const where = place();
    const first = await save(processor, { ...where, content: 'First wording' });
    refused(await save(processor, { ...where, content: 'Another start' }), 409, 'draft_exists');
    const second = await save(processor, { ...where, content: 'Second wording', version: 1 });
    expect(second.body).toMatchObject({ id: first.body.id, version: 2, content: 'Second wording' });
    refused(await save(processor, { ...where, content: 'Stale', version: 1 }), 409, 'draft_changed');
    // The owner previewed version 1: the approval is refused and nothing is published.
    refused(await approve(owner, first.body.id, { version: 1 }), 409, 'draft_changed');
    expect(await publicText(where.page, where.section)).toBeUndefined();
    expect((await approve(owner, first.body.id, { version: 2 })).body.content).toBe('Second wording');
  });

  it('an owner who wrote a draft cannot approve it: another owner does', async () => {
    const where = place();
    const saved = await save(owner, { ...where, content: 'An owner’s proposal' });
    refused(await approve(owner, saved.body.id, { version: 1 }), 403, 'own_draft');
    expect(await publicText(where.page, where.section)).toBeUndefined();
    expect((await approve(secondOwner, saved.body.id, { version: 1 })).status).toBe(200);
    expect(await publicText(where.page, where.section)).toBe('An owner’s proposal');
  });
});

describe('a draft rejected by an owner', () => {
  it('keeps the public text, shows the reason, and can be changed and sent again', async () => {
    const where = place();
    expect((await create(owner, { ...where, content: 'Filed in 5 days' })).status).toBe(201);
    const saved = await save(processor, { ...where, content: 'Filed in 1 hour' });
    refused(await reject(owner, saved.body.id, { version: 1, reason: '   ' }), 400, 'invalid_request');
    refused(await reject(processor, saved.body.id, { version: 1, reason: 'No' }), 403, 'owner_only');

    const rejected = await reject(owner, saved.body.id, { version: 1, reason: 'The state takes days; we cannot promise an hour.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      version: 2,
      rejection: { reason: 'The state takes days; we cannot promise an hour.', by: owner.person.email },
    });
    expect(await publicText(where.page, where.section)).toBe('Filed in 5 days');
    expect((await drafts(processor)).body).toContainEqual(rejected.body);
    refused(await approve(owner, saved.body.id, { version: 2 }), 409, 'draft_rejected');
    refused(await reject(owner, saved.body.id, { version: 2, reason: 'Again' }), 409, 'draft_rejected');

    const entry = (await listAudit({ personId: owner.person.id, action: 'content_draft_rejected' })).items.find(
      (e) => e.subject === `${where.page} / ${where.section}`,
    );
    expect(entry).toMatchObject({
      before: { content: 'Filed in 1 hour', draftedBy: processor.person.email },
      after: { reason: 'The state takes days; we cannot promise an hour.' },
    });

    const revised = await save(processor, { ...where, content: 'Filed in 3 to 5 days', version: 2 });
    expect(revised.body).toMatchObject({ status: 'pending', version: 3 });
    expect(revised.body.rejection).toBeUndefined();
    expect((await approve(owner, saved.body.id, { version: 3 })).status).toBe(200);
    expect(await publicText(where.page, where.section)).toBe('Filed in 3 to 5 days');
  });

  it('refuses what is not a draft: unknown ids, published items, bad bodies', async () => {
    refused(await approve(owner, 'd_nothing', { version: 1 }), 404, 'draft_not_found');
    const where = place();
    await create(owner, { ...where, content: 'Published' });
    refused(await approve(owner, contentItemId(where.page, where.section), { version: 1 }), 404, 'draft_not_found');
    refused(await approve(owner, 'd_nothing', {}), 400, 'invalid_request');
    refused(await save(processor, { page: 'pricing', section: 'no-such-text', content: 'x' }), 400, 'invalid_request');
    refused(await save(processor, { ...place(), content: '<p> </p>', contentType: 'html' }), 400, 'invalid_request');
    refused(await save(processor, { ...place(), content: 'x', version: 0 }), 400, 'invalid_request');
  });
});
