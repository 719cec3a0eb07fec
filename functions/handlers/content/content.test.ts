import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXTS } from '#shared/content/registry.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { looksExecutable, XSS_PAYLOADS } from '../../../tests/fixtures/xss-payloads.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { contentItemId } from '../../data/content.ts';
import { seedContentItem } from '../../data/content-writes.ts';
import { handler as createContent } from './create.ts';
import { handler as deleteContent } from './delete.ts';
import { handler as listContent } from './list.ts';
import { handler as updateContent } from './update.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});

const create = (body: unknown) => invoke(createContent, apiEvent({ method: 'POST', route: '/api/content', body, headers }));
const update = (id: string, body: unknown) =>
  invoke(updateContent, apiEvent({ method: 'PATCH', route: '/api/content/{id}', path: `/api/content/${id}`, pathParameters: { id }, body, headers }));
const remove = (id: string) =>
  invoke(deleteContent, apiEvent({ method: 'DELETE', route: '/api/content/{id}', path: `/api/content/${id}`, pathParameters: { id }, headers }));
const list = () => invoke(listContent, apiEvent({ method: 'GET', route: '/api/content' }));

/** Only registered places of the site's texts can hold an item (shared/content/registry.ts): each test takes its own. */
const registered = SITE_TEXTS.map(({ page, section }) => ({ page, section }));
/** Three places on different pages, for the ordering test. */
const picks = [registered.find((p) => p.page === 'wizard')!, registered.find((p) => p.page === 'footer')!, registered.find((p) => p.page === 'pricing')!];
const pool = registered.filter((p) => !picks.includes(p));
let nextPlace = 0;
const place = () => pool[nextPlace++];

describe('content items', () => {
  it('creates, lists publicly, edits and deletes an item', async () => {
    const where = place();
    const res = await create({ ...where, content: 'Turn your content into a business' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: contentItemId(where.page, where.section),
      ...where,
      content: 'Turn your content into a business',
      contentType: 'text',
    });
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-cache');
    expect(listed.body).toContainEqual(res.body);
    const edited = await update(res.body.id, { content: 'Your content, your company' });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('Your content, your company');
    expect((await list()).body).toContainEqual({ ...res.body, content: 'Your content, your company' });
    expect((await remove(res.body.id)).status).toBe(204);
    expect((await list()).body.find((i: { id: string }) => i.id === res.body.id)).toBeUndefined();
    expect((await remove(res.body.id)).status).toBe(404);
    expect((await update(res.body.id, { content: 'x' })).status).toBe(404);
  });

  it.each([
    ['page', { section: 's', content: 'c' }],
    ['section', { page: 'p', content: 'c' }],
    ['content', { page: 'p', section: 's' }],
    ['content', { page: 'p', section: 's', content: '   ' }],
    ['page', { page: '../etc', section: 's', content: 'c' }],
    ['contentType', { page: 'p', section: 's', content: 'c', contentType: 'markdown' }],
  ])('requires a valid %s (400)', async (field, body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty(field);
  });

  it('refuses a second item for the same page and section', async () => {
    const where = place();
    expect((await create({ ...where, content: 'One' })).status).toBe(201);
    const dup = await create({ ...where, content: 'Two' });
    expect(dup.status).toBe(409);
    const stored = (await list()).body.filter((i: { id: string }) => i.id === contentItemId(where.page, where.section));
    expect(stored).toEqual([expect.objectContaining({ content: 'One' })]);
  });

  it('refuses a place no page reads (pricing / hero.title-like keys outside the registry)', async () => {
    const res = await create({ page: 'pricing', section: 'no-such-text', content: 'Nobody reads this' });
    expect(res.status).toBe(400);
  });

  it('lists items ordered by page, then section', async () => {
    for (const where of picks) expect((await create({ ...where, content: 'x' })).status).toBe(201);
    const ids = new Set(picks.map((p) => contentItemId(p.page, p.section)));
    const listed = (await list()).body as { id: string; page: string; section: string }[];
    const ours = listed.filter((i) => ids.has(i.id)).map((i) => `${i.page}/${i.section}`);
    expect(ours).toEqual([...picks].map((p) => `${p.page}/${p.section}`).sort());
  });

  it('seeding never overwrites an edited item', async () => {
    const where = place();
    expect(await seedContentItem({ ...where, content: 'Default', contentType: 'text' })).toBe(true);
    const id = contentItemId(where.page, where.section);
    await update(id, { content: 'Edited by staff' });
    expect(await seedContentItem({ ...where, content: 'Default', contentType: 'text' })).toBe(false);
    expect((await list()).body.find((i: { id: string }) => i.id === id).content).toBe('Edited by staff');
  });

  describe(`HTML items are sanitised on write (${XSS_PAYLOADS.length} payloads)`, () => {
    it('has at least 20 payloads', () => expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20));
    it.each(XSS_PAYLOADS.map((p, i) => [i, p] as const))('payload %i on create and on edit: %s', async (i, payload) => {
      const created = await create({ ...pool[10 + i], content: `<p>Safe</p>${payload}`, contentType: 'html' });
      expect(created.status).toBe(201);
      expect(looksExecutable(created.body.content)).toBe(false);
      expect(created.body.content).toContain('<p>Safe</p>');
      const edited = await update(created.body.id, { content: payload });
      expect(edited.status).toBe(200);
      expect(looksExecutable(edited.body.content)).toBe(false);
      const stored = (await list()).body.find((item: { id: string }) => item.id === created.body.id);
      expect(looksExecutable(stored.content)).toBe(false);
    });

    it('sanitises when a text item is switched to HTML', async () => {
      const created = await create({ ...pool[pool.length - 1], content: 'plain' });
      const edited = await update(created.body.id, { content: '<img src=x onerror=alert(1)><b>bold</b>', contentType: 'html' });
      expect(edited.body).toMatchObject({ contentType: 'html', content: '<b>bold</b>' });
    });
  });
});
