import { describe, expect, it } from 'vitest';
import { entryEvaluation, floorHtml, loadDecision, ORDER_FLOOR_RATIO, PAGES, PRERENDERED_FLOOR_RATIO, publishable } from './web.ts';

describe('floorHtml', () => {
  it('keeps any page’s HTML and its stylesheet, without its scripts and module preloads', () => {
    const page = [
      '<!doctype html><html><head>',
      '<link rel="stylesheet" href="/assets/index-abc.css">',
      '<script async type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
      '<script type="application/json" id="page-data">{"x":1}</script>',
      '</head><body><div id="root"><h1>Your creator profile</h1></div>',
      '<script>window.x = 1;</script></body></html>',
    ].join('\n');
    const floor = floorHtml(page);
    expect(floor).toContain('<h1>Your creator profile</h1>');
    expect(floor).toContain('<link rel="stylesheet" href="/assets/index-abc.css">');
    expect(floor).not.toMatch(/<script|modulepreload/);
  });
});

describe('loadDecision', () => {
  it('measures at or below the threshold, waits above it, and gives up when the wait is over', () => {
    expect(loadDecision(0.4, 1, 0, 300_000)).toBe('measure');
    expect(loadDecision(1, 1, 0, 300_000)).toBe('measure');
    expect(loadDecision(1.2, 1, 0, 300_000)).toBe('wait');
    expect(loadDecision(1.2, 1, 299_999, 300_000)).toBe('wait');
    expect(loadDecision(1.2, 1, 300_000, 300_000)).toBe('give up');
    // A raised threshold (a check on a busy machine) measures at once...
    expect(loadDecision(3.5, 4, 0, 300_000)).toBe('measure');
  });

  it('publishes no figure taken above a load of 1, whatever the threshold', () => {
    expect(publishable(0.99)).toBe(true);
    expect(publishable(1)).toBe(true);
    // ...but such a figure is not published.
    expect(publishable(3.5)).toBe(false);
  });
});

describe('entryEvaluation', () => {
  const items = [
    { url: 'http://127.0.0.1:4100/assets/pricing-xyz.js', total: 400, scripting: 300, scriptParseCompile: 20 },
    { url: 'http://127.0.0.1:4100/assets/index-abc.js', total: 980, scripting: 850.4, scriptParseCompile: 61.2 },
    { url: 'Unattributable', total: 90, scripting: 10, scriptParseCompile: 0 },
  ];

  it('picks the entry script’s item of bootup-time by its path', () => {
    expect(entryEvaluation(items, 'assets/index-abc.js')).toEqual({ scriptingMs: 850.4, parseCompileMs: 61.2 });
    expect(entryEvaluation(items, '/assets/index-abc.js')).toEqual({ scriptingMs: 850.4, parseCompileMs: 61.2 });
  });

  it('answers 0 when the entry did not run (a floor page)', () => {
    expect(entryEvaluation(items.slice(0, 1), 'assets/index-abc.js')).toEqual({ scriptingMs: 0, parseCompileMs: 0 });
  });
});

describe('PAGES', () => {
  it('measures every page of the budget once, the order page against 1.5x its floor and the others 1.15x', () => {
    expect(PAGES.map((p) => p.path)).toEqual([
      '/',
      '/pricing',
      '/wizard/1',
      '/wizard/2',
      '/wizard/3',
      '/wizard/4',
      '/checkout',
      '/orders/{id}',
      '/terms',
      '/staff/login',
    ]);
    for (const p of PAGES) expect(p.floorRatio).toBe(p.path === '/orders/{id}' ? ORDER_FLOOR_RATIO : PRERENDERED_FLOOR_RATIO);
    expect(PAGES.filter((p) => p.path.startsWith('/wizard/') && p.path !== '/wizard/1').every((p) => p.opener === 'wizard')).toBe(true);
  });
});
