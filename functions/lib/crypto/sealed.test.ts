import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'creator-llc-key-'));
  writeFileSync(join(dir, 'master.key'), randomBytes(32).toString('base64'));
  process.env.LOCAL_MASTER_KEY_FILE = join(dir, 'master.key');
  delete process.env.KMS_KEY_ID;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('envelope encryption (local master key)', () => {
  it('round-trips, and the stored form holds no trace of the value', async () => {
    const sealed = await seal('123-45-6789', 'application:a:ein');
    expect(JSON.stringify(sealed)).not.toMatch(/123|6789/);
    expect(sealed.wrap).toBe('local');
    expect(await unseal(sealed, 'application:a:ein')).toBe('123-45-6789');
  });

  it('a value sealed for one order does not open for another', async () => {
    const sealed = await seal('123-45-6789', 'application:a:ein');
    await expect(unseal(sealed, 'application:b:ein')).rejects.toThrow();
  });

  it('a tampered value does not open', async () => {
    const sealed = await seal('123-45-6789', 'application:a:ein');
    const data = Buffer.from(sealed.data, 'base64');
    data[0] ^= 1;
    await expect(unseal({ ...sealed, data: data.toString('base64') }, 'application:a:ein')).rejects.toThrow();
  });

  it('two seals of one value differ (fresh data key and IV each time)', async () => {
    const [a, b] = await Promise.all([seal('123-45-6789', 'c'), seal('123-45-6789', 'c')]);
    expect(a.data).not.toBe(b.data);
    expect(a.key).not.toBe(b.key);
  });
});
