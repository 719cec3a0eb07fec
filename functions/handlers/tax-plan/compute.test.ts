import { describe, expect, it } from 'vitest';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler } from './compute.ts';

const route = '/api/tax-plan';
const post = (body: unknown) => invoke(handler, apiEvent({ method: 'POST', route, body }));

describe('POST /api/tax-plan', () => {
  it('answers the sole proprietor only without a salary', async () => {
    const res = await post({ year: 2026, filingStatus: 'single', profit: 60_000 });
    expect(res.status).toBe(200);
    // shared/tax-plan.test.ts has the hand computation: 8,478 + 3,559 = 12,037.
    expect(res.body.soleProprietor).toEqual({ selfEmploymentTax: 8_478, incomeTax: 3_559, qbiDeduction: 7_932, total: 12_037 });
    expect(res.body.sCorp).toBeUndefined();
    expect(res.body.breakEvenProfit).toBeUndefined();
    expect(res.body.quarterly.map((q: { due: string }) => q.due)).toEqual(['2026-04-15', '2026-06-15', '2026-09-15', '2027-01-15']);
    expect(res.body.sources.selfEmploymentTax).toMatch(/Schedule SE/);
  });

  it('answers the S-corporation, payroll tax with both halves, its savings and break-even', async () => {
    const res = await post({ year: 2026, filingStatus: 'single', profit: 100_000, salary: 40_000 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'breakEvenProfit',
      'filingStatus',
      'profit',
      'quarterly',
      'quarterlyRule',
      'sCorp',
      'soleProprietor',
      'sources',
      'year',
    ]);
    expect(res.body.sCorp).toEqual({
      salary: 40_000,
      payrollTax: 6_120,
      incomeTax: 9_685,
      qbiDeduction: 11_040,
      runningCosts: 1_740,
      total: 17_545,
      savings: 4_820,
    });
    expect(res.body.breakEvenProfit).toBeGreaterThan(15_000);
    expect(res.body.breakEvenProfit).toBeLessThan(100_000);
  });

  it('answers a negative saving when the election costs money', async () => {
    const res = await post({ year: 2026, filingStatus: 'joint', profit: 12_000, salary: 6_000, otherWages: 20_000 });
    expect(res.status).toBe(200);
    expect(res.body.sCorp.savings).toBeLessThan(0);
  });

  it.each([
    [{ year: 2025, filingStatus: 'single', profit: 1 }, 'year'],
    [{ year: 2026, filingStatus: 'separate', profit: 1 }, 'filingStatus'],
    [{ year: 2026, filingStatus: 'single', profit: 'lots' }, 'profit'],
    [{ year: 2026, filingStatus: 'single', profit: -1 }, 'profit'],
    [{ year: 2026, filingStatus: 'single', profit: 20_000_000 }, 'profit'],
    [{ year: 2026, filingStatus: 'single', profit: 50_000, salary: 60_000 }, 'salary'],
    [{ year: 2026, filingStatus: 'single', profit: 50_000, salary: '1e4' }, 'salary'],
    [{ year: 2026, filingStatus: 'single', profit: 50_000, otherWages: -3 }, 'otherWages'],
    [{ filingStatus: 'single', profit: 1 }, 'year'],
    [{ year: 2026, filingStatus: 'single', profit: 50_000, priorYearTax: 9_000 }, 'priorYearAgi'],
    [{ year: 2026, filingStatus: 'single', profit: 50_000, withholding: 'some' }, 'withholding'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBeTypeOf('string');
    expect(Object.keys(res.body.details)).toEqual([field]);
  });

  it("applies last year's tax when the creator gives it, and subtracts withholding", async () => {
    // 12,037 x 90% = 10,833.30 against last year's 8,000 x 110% (AGI above $150,000) = 8,800;
    // less 2,000 withheld = 6,800 / 4 = 1,700.
    const res = await post({ year: 2026, filingStatus: 'single', profit: 60_000, priorYearTax: 8_000, priorYearAgi: 160_000, withholding: 2_000 });
    expect(res.status).toBe(200);
    expect(res.body.quarterlyRule).toEqual({ safeHarbour: 'prior-year', share: 1.1, requiredPayment: 8_800, withholding: 2_000 });
    expect(res.body.quarterly.map((q: { amount: number }) => q.amount)).toEqual([1_700, 1_700, 1_700, 1_700]);
  });

  it('refuses unknown fields', async () => {
    const res = await post({ year: 2026, filingStatus: 'single', profit: 1, state: 'WY' });
    expect(res.status).toBe(400);
    expect(res.body.details.state).toEqual(['Unknown field']);
  });
});
