import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSecretsForTests } from '../lib/secrets.ts';
import { checkOrderToken, continueLink, ORDER_LINK_TTL_DAYS, orderLink, signOrderToken } from './order-link.ts';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
beforeAll(() => {
  process.env.LINK_SIGNING_KEY = 'order-link-test-key-0123456789abcdef';
  resetSecretsForTests();
});
afterAll(() => resetSecretsForTests());

describe('signed order links', () => {
  it('a token opens its own order until it expires, and no other', async () => {
    const now = Date.now();
    const token = await signOrderToken(ID, now);
    expect(await checkOrderToken(ID, token, now)).toBe('valid');
    expect(await checkOrderToken('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', token, now)).toBe('invalid');
    expect(await checkOrderToken(ID, token, now + (ORDER_LINK_TTL_DAYS + 1) * 86_400_000)).toBe('expired');
    expect(await checkOrderToken(ID, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, now)).toBe('invalid');
    expect(await checkOrderToken(ID, 'not-a-token', now)).toBe('invalid');
  });

  it('the token rides in the fragment, which browsers never send to a server', async () => {
    expect(await orderLink(ID)).toMatch(new RegExp(`/orders/${ID}#access=\\d+\\.[\\w-]{43}$`));
  });

  it('a continue link opens a draft in the wizard and a submitted application at the checkout', async () => {
    expect(await continueLink(ID, 'wizard')).toMatch(new RegExp(`/wizard/1\\?applicationId=${ID}#access=\\d+\\.[\\w-]{43}$`));
    expect(await continueLink(ID, 'checkout')).toMatch(new RegExp(`/checkout\\?applicationId=${ID}#access=`));
    expect(await continueLink(ID)).toContain('/checkout?');
  });
});
