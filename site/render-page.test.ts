import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_SHELL } from '../tests/fakes/site-shell.ts';
import { PRERENDERED_PAGES } from './pages.ts';
import { fillTemplate } from './render-page.tsx';

const page = PRERENDERED_PAGES[0];
const fill = (template: string) => fillTemplate(template, page, '<h1>Page</h1>', { title: 'Page' }, {});

describe("the app's entry in a rendered page", () => {
  it('stays the async module script Vite wrote: it runs when it arrives, without waiting for the stylesheet', () => {
    expect(fill(BUILT_SHELL)).toContain('<script async type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('refuses a template whose entry would wait for the stylesheet, or that has none', () => {
    expect(() => fill(BUILT_SHELL.replace('<script async type="module"', '<script type="module"'))).toThrow('The template has no async module entry script');
    expect(() => fill(BUILT_SHELL.replace(/<script async type="module"[^>]*><\/script>/, ''))).toThrow('The template has no async module entry script');
  });

  it("is async in the app's source page, from which Vite writes every page's entry (docs/decisions/0442)", () => {
    const source = readFileSync(join(import.meta.dirname, '../frontend/index.html'), 'utf8');
    expect(source).toMatch(/<script type="module" async src="\/src\/main\.tsx"><\/script>/);
  });
});
