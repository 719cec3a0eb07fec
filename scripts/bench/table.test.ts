import { describe, expect, it } from 'vitest';
import { toMarkdown } from './table.ts';

describe('toMarkdown', () => {
  it('lays the table out as the formatter does, so a refreshed docs/benchmarks.md passes biome ci', () => {
    const md = toMarkdown([
      { area: 'lambda', metric: 'handlers/x cold import', value: '1.10x', budget: '≤ 1.3x', ok: true },
      { area: 'web', metric: 'LCP', value: '1.04x its floor', budget: '≤ 1.15x', ok: false },
    ]);
    expect(md.split('\n')).toEqual([
      '| area   | metric                 | value           | budget  | ok  |',
      '| ------ | ---------------------- | --------------- | ------- | --- |',
      '| lambda | handlers/x cold import | 1.10x           | ≤ 1.3x  | yes |',
      '| web    | LCP                    | 1.04x its floor | ≤ 1.15x | NO  |',
    ]);
  });
});
