import { describe, expect, it } from 'vitest';
import { TABLE_KEYS, TABLES } from '../tables.ts';
import { loadConfig, PROD_SELLER_REQUIRED } from './config.ts';

/**
 * The configuration every function reads once: a deployed prod stage refuses to start without the
 * seller every receipt names (docs/decisions/0371).
 */
const base = {
  ...Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, `t-${k}`])),
  DOCUMENTS_BUCKET: 'documents',
  DEPLOYMENT: 'aws',
  PAYMENT_MODE: 'live',
};
const address = { line1: '500 Brickell Key Drive', line2: 'Suite 300', city: 'Miami', state: 'FL', zip: '33131' };
const seller = { SELLER_LEGAL_NAME: 'Creator Filings LLC', SELLER_ADDRESS: JSON.stringify(address) };

describe('the stage seller', () => {
  it('a deployed prod stage does not start without it, and says what to set in one sentence', () => {
    expect(() => loadConfig({ ...base, STAGE: 'prod' })).toThrow(PROD_SELLER_REQUIRED);
    expect(() => loadConfig({ ...base, STAGE: 'prod', SELLER_LEGAL_NAME: 'Creator Filings LLC' })).toThrow(PROD_SELLER_REQUIRED);
    expect(PROD_SELLER_REQUIRED).toMatch(/\.$/);
    expect(PROD_SELLER_REQUIRED).not.toMatch(/\. [A-Z]/);
    expect(PROD_SELLER_REQUIRED).toContain('sellerLegalName and sellerAddress in config/prod.json');
  });

  it('starts with it, and gives it to the functions', () => {
    expect(loadConfig({ ...base, STAGE: 'prod', ...seller }).seller).toEqual({ legalName: 'Creator Filings LLC', address });
  });

  it('is optional on dev and locally', () => {
    expect(loadConfig({ ...base, STAGE: 'dev' }).seller).toBeUndefined();
    expect(loadConfig({ ...base, DEPLOYMENT: 'local', PAYMENT_MODE: 'test', STAGE: 'prod' }).seller).toBeUndefined();
  });

  it('refuses an address that is not one', () => {
    expect(() => loadConfig({ ...base, STAGE: 'prod', ...seller, SELLER_ADDRESS: '500 Brickell Key Drive' })).toThrow(/SELLER_ADDRESS must be a JSON address/);
    expect(() => loadConfig({ ...base, STAGE: 'prod', ...seller, SELLER_ADDRESS: JSON.stringify({ ...address, city: '' }) })).toThrow(/SELLER_ADDRESS/);
  });
});
