import { describe, expect, it } from 'vitest';
import { type PreloadChunk, preloadLinks } from './screen-preloads.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<PreloadChunk> = {}): PreloadChunk => ({
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  ...extra,
});

// The entry imports the api client; the app (loaded by the entry) imports react and the api
// client; the order screen imports react, the api client and its own query chunk; the wizard's
// module sits inside a shared chunk.
const CHUNKS = [
  chunk('index.js', ['api.js'], { isEntry: true }),
  chunk('app.js', ['react.js', 'api.js', 'index.js'], { moduleIds: ['/src/start.tsx'] }),
  chunk('react.js', []),
  chunk('api.js', []),
  chunk('OrderPage.js', ['react.js', 'api.js', 'query.js', 'app.js'], { facadeModuleId: '/src/OrderPage.tsx' }),
  chunk('query.js', ['react.js']),
  chunk('shared.js', ['query.js'], { moduleIds: ['/src/WizardPage.tsx', '/src/other.ts'] }),
];

const preloads = (screens: Parameters<typeof preloadLinks>[1]) => preloadLinks(CHUNKS, screens, (m) => `/${m}`, '/src/start.tsx');
const links = (template: string) => [...template.matchAll(/<link ([^>]*)\/>/g)].map((m) => m[1].trim());

describe('screen preloads', () => {
  it("lists the app's files for every page, at the usual priority, without the entry's", () => {
    expect(preloads({}).app.flatMap(links)).toEqual(['rel="modulepreload" crossorigin href="/app.js"', 'rel="modulepreload" crossorigin href="/react.js"']);
  });

  it("lists a screen's own files with its priority, each once, never the entry's or the app's", () => {
    const [order] = preloads({ '/orders/:id': { modules: ['src/OrderPage.tsx'], priority: 'low' } }).templates;
    expect(order.startsWith('<template data-preloads="/orders/:id" data-priority="low">')).toBe(true);
    expect(links(order)).toEqual([
      'rel="modulepreload" crossorigin fetchpriority="low" href="/OrderPage.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/query.js"',
    ]);
  });

  it('asks no low priority for a screen whose largest paint waits on its code (the order page)', () => {
    const [order] = preloads({ '/orders/:id': { modules: ['src/OrderPage.tsx'], priority: 'auto' } }).templates;
    expect(order).not.toContain('fetchpriority');
    expect(links(order)).toHaveLength(2);
  });

  it('finds a module without a chunk of its own in the chunk that holds it', () => {
    const [wizard] = preloads({ '/wizard/:step': { modules: ['src/WizardPage.tsx'], priority: 'low' } }).templates;
    expect(links(wizard)).toEqual([
      'rel="modulepreload" crossorigin fetchpriority="low" href="/shared.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/query.js"',
    ]);
  });

  it('fails the build when a screen module or the app is in no chunk', () => {
    expect(() => preloads({ '/x': { modules: ['src/Missing.tsx'], priority: 'low' } })).toThrow('no chunk of src/Missing.tsx');
    expect(() => preloadLinks(CHUNKS, {}, (m) => m, '/src/none.tsx')).toThrow('no chunk of the app');
  });
});
