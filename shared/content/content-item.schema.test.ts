import { describe, expect, it } from 'vitest';
import { createContentSchema, updateContentSchema } from './content-item.schema.ts';
import { findSiteText, SITE_TEXT_PAGES, SITE_TEXTS } from './registry.ts';

const issues = (res: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  res.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the content schema accepts only the registered site texts', () => {
  it('accepts every registered (page, section)', () => {
    for (const t of SITE_TEXTS)
      expect(createContentSchema.safeParse({ page: t.page, section: t.section, content: 'x' }).success, `${t.page}/${t.section}`).toBe(true);
  });

  it.each([
    ['pricing', 'hero.tile'],
    ['landing', 'hero.headline'],
    ['faq', 'intro'],
    ['e2e', 'xss-check'],
    ['Landing', 'hero.title'],
  ])('refuses %s / %s, which nothing on the site reads', (page, section) => {
    const res = createContentSchema.safeParse({ page, section, content: 'Changes nothing' });
    expect(res.success).toBe(false);
    expect(issues(res)).toEqual([['section', `The site has no text at ${page} / ${section}: choose one of the site's texts`]]);
  });

  it('has texts on each page of the registry, each with a default and where it appears', () => {
    expect(new Set(SITE_TEXTS.map((t) => t.page))).toEqual(new Set(Object.keys(SITE_TEXT_PAGES)));
    for (const t of SITE_TEXTS) {
      expect(t.default.trim().length, `${t.page}/${t.section}`).toBeGreaterThan(0);
      expect(t.where).toContain(SITE_TEXT_PAGES[t.page]);
    }
    expect(findSiteText('pricing', 'hero.title')?.default).toBe('Simple, transparent pricing');
    expect(findSiteText('pricing', 'hero.tile')).toBeUndefined();
  });
});

describe('content may not be empty, on create and on edit', () => {
  it.each(['', '   ', '\n\t'])('refuses %j', (content) => {
    expect(issues(updateContentSchema.safeParse({ content }))).toEqual([['content', 'Content is required']]);
    expect(issues(createContentSchema.safeParse({ page: 'landing', section: 'hero.title', content }))).toEqual([['content', 'Content is required']]);
  });

  it('refuses HTML that shows no text', () => {
    for (const content of ['<p></p>', '<p> <br> </p>', '<strong>&nbsp;</strong>']) {
      expect(issues(updateContentSchema.safeParse({ content, contentType: 'html' }))).toEqual([['content', 'Content is required']]);
    }
    expect(updateContentSchema.safeParse({ content: '<p>Hi</p>', contentType: 'html' }).success).toBe(true);
    // As text, tags are characters like any other.
    expect(updateContentSchema.safeParse({ content: '<p></p>' }).success).toBe(true);
  });
});
