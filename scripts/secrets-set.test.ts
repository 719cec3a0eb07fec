import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../functions/lib/password.ts';
import { SECRET_KEYS } from '../functions/secrets-catalog.ts';
import { envVarFor, jsonFields, parseArgs, prepareSecretValue, storeSecrets } from './secrets-set.ts';

describe('secrets:set value checks', () => {
  it('stores the staff password only as a scrypt hash that verifies', async () => {
    const stored = await prepareSecretValue('staffPasswordHash', 'correct horse battery');
    expect(stored).not.toContain('correct horse');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    await expect(prepareSecretValue('staffPasswordHash', 'short')).rejects.toThrow(/at least 12 characters/);
  });

  it('accepts real-looking Stripe keys and refuses anything else', async () => {
    expect(await prepareSecretValue('stripeSecretKey', ' sk_live_abc123 ')).toBe('sk_live_abc123');
    await expect(prepareSecretValue('stripeSecretKey', 'pk_live_abc123')).rejects.toThrow(/sk_live_/);
    expect(await prepareSecretValue('stripeWebhookSecret', 'whsec_abcDEF123')).toBe('whsec_abcDEF123');
    await expect(prepareSecretValue('stripeWebhookSecret', 'sk_test_x')).rejects.toThrow(/whsec_/);
    await expect(prepareSecretValue('crmWebhookUrl', 'http://crm.example.com/hook')).rejects.toThrow(/https/);
  });

  it('checks JSON credentials for the fields the catalog lists, also from a file', async () => {
    expect(jsonFields('klarna')).toEqual(['username', 'password', 'baseUrl']);
    await expect(prepareSecretValue('klarna', '{"username":"u","password":"p"}')).rejects.toThrow(/missing baseUrl/);
    await expect(prepareSecretValue('klarna', 'not json')).rejects.toThrow(/not valid JSON/);
    const dir = mkdtempSync(join(tmpdir(), 'secrets-set-'));
    try {
      const file = join(dir, 'klarna.json');
      writeFileSync(file, JSON.stringify({ username: 'u', password: 'p', baseUrl: 'https://api.klarna.com' }));
      expect(JSON.parse(await prepareSecretValue('klarna', `@${file}`))).toMatchObject({ username: 'u' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes each value to the stage secret the stack created', async () => {
    const sent: PutSecretValueCommand[] = [];
    const names = await storeSecrets({ stripeSecretKey: 'sk_live_1', crmWebhookUrl: 'https://crm.example.com' }, 'prod', { send: async (c) => sent.push(c) });
    expect(names).toEqual(['creator-llc/prod/stripeSecretKey', 'creator-llc/prod/crmWebhookUrl']);
    expect(sent.map((c) => c.input)).toEqual([
      { SecretId: 'creator-llc/prod/stripeSecretKey', SecretString: 'sk_live_1' },
      { SecretId: 'creator-llc/prod/crmWebhookUrl', SecretString: 'https://crm.example.com' },
    ]);
  });

  it('parses its options and rejects unknown stages, secrets and flags', () => {
    expect(parseArgs(['--stage', 'prod', '--only', 'klarna,applePay', '--from-env'])).toMatchObject({
      stage: 'prod',
      only: ['klarna', 'applePay'],
      fromEnv: true,
      dryRun: false,
    });
    expect(parseArgs([]).only).toEqual(SECRET_KEYS);
    expect(() => parseArgs(['--stage', 'staging'])).toThrow(/dev or prod/);
    expect(() => parseArgs(['--only', 'nope'])).toThrow(/Unknown secret nope/);
    expect(() => parseArgs(['--force'])).toThrow(/Unknown option --force/);
    expect(envVarFor('staffPasswordHash')).toBe('STAFF_PASSWORD');
    expect(envVarFor('stripeSecretKey')).toBe('STRIPE_SECRET_KEY');
  });
});
