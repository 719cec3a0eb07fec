import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_PRODUCTION_ALIASES, reactRouterProductionBuild } from './react-router-production.ts';
import viteConfig from './vite.config.ts';

describe("the site build's React Router", () => {
  it("resolves the router and its DOM entry to the package's production build, whose development warnings are off", () => {
    const targets = REACT_ROUTER_PRODUCTION_ALIASES.map((a) => a.replacement);
    expect(targets).toHaveLength(2);
    for (const target of targets) expect(target).toMatch(/react-router[\\/]dist[\\/]production[\\/]/);
    // The entry re-exports chunks; one holds the switch the development build turns on.
    const entry = readFileSync(targets[0] as string, 'utf8');
    const chunks = [...entry.matchAll(/from "\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((m) =>
      readFileSync(join(dirname(targets[0] as string), m[1] as string), 'utf8'),
    );
    const switches = chunks.flatMap((c) => [...c.matchAll(/ENABLE_DEV_WARNINGS = (true|false)/g)].map((m) => m[1]));
    expect(switches).toEqual(['false']);
  });

  it('applies to builds only, and is one of the site config’s plugins', () => {
    const plugin = reactRouterProductionBuild();
    expect(plugin.apply).toBe('build');
    expect((viteConfig.plugins ?? []).flat().some((p) => p && typeof p === 'object' && 'name' in p && p.name === plugin.name)).toBe(true);
  });
});
