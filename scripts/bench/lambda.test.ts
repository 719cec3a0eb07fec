import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFunction } from '../../infra/lambda-bundle.ts';
import { layerSource, STACK_LAYERS, STACK_SDK_USES } from './lambda.ts';

const dir = mkdtempSync(join(tmpdir(), 'stack-layers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the stack layers the Lambda bench measures', () => {
  it.each(STACK_LAYERS.map((layer, i) => [layer, i] as const))(
    '%s builds like a function and exports a handler',
    async (layer, i) => {
      const sdk = STACK_SDK_USES[0];
      const entry = join(dir, `layer-${i}.ts`);
      writeFileSync(entry, layerSource(sdk, layer));
      const built = await buildFunction({ name: `layer-${i}`, entry }, join(dir, `layer-${i}`));
      // Nothing of the SDK at start: the no-SDK reference loads it only on first use.
      expect(built.sdk).toEqual(sdk);
      const mod = (await import(pathToFileURL(join(built.dir, 'index.mjs')).href)) as { handler: unknown };
      expect(typeof mod.handler).toBe('function');
    },
    60_000,
  );

  it('each layer adds to the one before it', () => {
    const [middy, zod, http] = STACK_LAYERS.map((l) => layerSource(STACK_SDK_USES[1], l));
    expect(middy).toContain('@middy/core');
    expect(zod).toContain('@middy/core');
    expect(zod).toContain('shared/zod.ts');
    expect(http).toContain('functions/lib/http.ts');
    expect(http).toContain('shared/zod.ts');
    for (const source of [middy, zod, http]) expect(source).toContain('dynamodb-sdk.ts');
  });
});
