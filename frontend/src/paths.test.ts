import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchPage, PAGE_PATTERNS, paths, staffReturnPath } from './paths.ts';

describe('page paths', () => {
  it('builds the wizard, checkout and success links with their query', () => {
    expect(paths.wizard()).toBe('/wizard');
    expect(paths.wizard({ state: 'TX' })).toBe('/wizard?state=TX');
    expect(paths.wizardStep(3)).toBe('/wizard/3');
    expect(paths.wizardStep(3, { state: 'TX' })).toBe('/wizard/3?state=TX');
    expect(paths.wizardStep(1, { search: '?state=NV&utm=x' })).toBe('/wizard/1?state=NV&utm=x');
    expect(paths.checkout()).toBe('/checkout');
    expect(paths.checkout('0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b')).toBe('/checkout?applicationId=0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b');
    expect(paths.success('apple-pay', 'a b')).toBe('/success?provider=apple-pay&applicationId=a+b');
    expect(paths.homeSection('faq')).toBe('/#faq');
    expect(paths.staffLoginReturningTo('/content-editor')).toBe('/staff/login?next=%2Fcontent-editor');
  });

  it('a sign-in returns only to a staff screen', () => {
    expect(staffReturnPath('/content-editor')).toBe('/content-editor');
    expect(staffReturnPath('/staff')).toBe('/staff');
    expect(staffReturnPath('https://example.com')).toBeUndefined();
    expect(staffReturnPath(null)).toBeUndefined();
  });

  it('every built path is matched by the route pattern of its page', () => {
    const cases: [string, string][] = [
      [paths.home, PAGE_PATTERNS.home],
      [paths.wizard({ state: 'TX' }), PAGE_PATTERNS.wizard],
      [paths.wizardStep(2), PAGE_PATTERNS.wizardStep],
      [paths.checkout('x'), PAGE_PATTERNS.checkout],
      [paths.success('stripe', 'x'), PAGE_PATTERNS.success],
      [paths.pricing, PAGE_PATTERNS.pricing],
      [paths.contact, PAGE_PATTERNS.contact],
      [paths.order('0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b'), PAGE_PATTERNS.order],
      [paths.orderTaxPlan('0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b'), PAGE_PATTERNS.orderTaxPlan],
      [paths.findOrder, PAGE_PATTERNS.findOrder],
      [paths.staffLogin, PAGE_PATTERNS.staffLogin],
      [paths.staffLoginReturningTo('/content-editor'), PAGE_PATTERNS.staffLogin],
      [paths.staffDashboard, PAGE_PATTERNS.staffDashboard],
      [paths.contentEditor, PAGE_PATTERNS.contentEditor],
      [paths.staffAccept, PAGE_PATTERNS.staffAccept],
      [paths.staffAccount, PAGE_PATTERNS.staffAccount],
      [paths.staffPeople, PAGE_PATTERNS.staffPeople],
      [paths.staffAudit({ applicationId: '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b' }), PAGE_PATTERNS.staffAudit],
      [paths.staffSettings, PAGE_PATTERNS.staffSettings],
      [paths.terms, PAGE_PATTERNS.terms],
      [paths.privacy, PAGE_PATTERNS.privacy],
      [paths.refundPolicy, PAGE_PATTERNS.refundPolicy],
    ];
    for (const [path, pattern] of cases) expect(matchPath(pattern, path.split(/[?#]/)[0]), path).not.toBeNull();
  });

  it("matches a page as the router does, for every pattern without a '*' (the app's entry runs before the router)", () => {
    const addresses = [
      '/',
      '',
      '/orders/0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b',
      '/orders/0b7e4a52/',
      '/ORDERS/abc',
      '/orders/a%20b',
      '/orders/%E0%A4%A',
      '/orders/abc/tax-plan',
      '/orders/abc/tax-plan/',
      '/orders//tax-plan',
      '/orders/',
      '/orders',
      '/orders/abc/extra',
      '//orders/abc',
      '/wizard/3',
      '/wizard',
      '/checkout',
      '/checkout/',
      '/staff/orders/abc/details',
      '/staff/orders/abc',
      '/Terms',
    ];
    const patterns = Object.values(PAGE_PATTERNS).filter((p) => !p.includes('*'));
    for (const pattern of patterns) {
      for (const address of addresses) {
        const expected = matchPath(pattern, address)?.params;
        expect(matchPage(pattern, address), `${pattern} ${address}`).toEqual(expected ? { ...expected } : undefined);
      }
    }
    expect(matchPage(PAGE_PATTERNS.order, '/orders/abc')).toEqual({ id: 'abc' });
  });
});
