import { describe, expect, it } from 'vitest';
import { type PreloadChunk, preloadTemplates } from './screen-preloads.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<PreloadChunk> = {}): PreloadChunk => ({
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  ...extra,
});

// The entry imports react and the api client; the order screen imports react, the api client and
// its own query chunk; the wizard's module sits inside a shared chunk.
const CHUNKS = [
  chunk('index.js', ['react.js', 'api.js'], { isEntry: true }),
  chunk('react.js', []),
  chunk('api.js', ['react.js']),
  chunk('OrderPage.js', ['react.js', 'api.js', 'query.js', 'index.js'], { facadeModuleId: '/src/OrderPage.tsx' }),
  chunk('query.js', ['react.js']),
  chunk('shared.js', ['query.js'], { moduleIds: ['/src/WizardPage.tsx', '/src/other.ts'] }),
];

const templates = (screens: Parameters<typeof preloadTemplates>[1]) => preloadTemplates(CHUNKS, screens, (m) => `/${m}`);
const links = (template: string) => [...template.matchAll(/<link ([^>]*)\/>/g)].map((m) => m[1].trim());

describe('screen preloads', () => {
  it("lists the entry's own chunks first at the usual priority, then the screen's, each once and never the entry", () => {
    const [order] = templates({ '/orders/:id': { modules: ['src/OrderPage.tsx'], priority: 'low' } });
    expect(order.startsWith('<template data-preloads="/orders/:id" data-priority="low">')).toBe(true);
    expect(links(order)).toEqual([
      'rel="modulepreload" crossorigin href="/react.js"',
      'rel="modulepreload" crossorigin href="/api.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/OrderPage.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/query.js"',
    ]);
  });

  it("asks no low priority for a screen whose largest paint waits on its code (the order page's)", () => {
    const [order] = templates({ '/orders/:id': { modules: ['src/OrderPage.tsx'], priority: 'auto' } });
    expect(order).not.toContain('fetchpriority');
    expect(links(order)).toHaveLength(4);
  });

  it('finds a module without a chunk of its own in the chunk that holds it', () => {
    const [wizard] = templates({ '/wizard/:step': { modules: ['src/WizardPage.tsx'], priority: 'low' } });
    expect(links(wizard).slice(2)).toEqual([
      'rel="modulepreload" crossorigin fetchpriority="low" href="/shared.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/query.js"',
    ]);
  });

  it('fails the build when a screen module is in no chunk', () => {
    expect(() => templates({ '/x': { modules: ['src/Missing.tsx'], priority: 'low' } })).toThrow('no chunk of src/Missing.tsx');
  });
});
