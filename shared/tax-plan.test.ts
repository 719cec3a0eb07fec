import { describe, expect, it } from 'vitest';
import federal from './data/federal-tax-2026.json' with { type: 'json' };
import {
  additionalMedicareTaxOn,
  breakEvenProfit,
  DEFAULT_RUNNING_COSTS,
  incomeTaxOn,
  payrollTaxOn,
  qbiDeductionFor,
  quarterlyEstimates,
  quarterlyPlan,
  sCorpPlan,
  selfEmploymentTaxOn,
  soleProprietorPlan,
  TAX_PLAN_SOURCES,
  taxPlan,
} from './tax-plan.ts';

// Hand computations from the IRS forms with the 2026 figures (Rev. Proc. 2025-32): Schedule SE
// (92.35% x 15.3%), Schedule 1 line 15 (half of it), standard deduction $16,100 / $32,200, Form 8995
// (lesser of 20% of QBI and 20% of taxable income, $400 minimum), the Tax Computation Worksheet
// with the brackets 10% to $12,400 / $24,800, 12% to $50,400 / $100,800, 22% to $105,700 / $211,400.
// Running costs are the defaults: $540 payroll service + $1,200 preparer = $1,740.
const within = (actual: number, hand: number) => expect(Math.abs(actual - hand)).toBeLessThanOrEqual(1);

describe('sole proprietor, below the QBI threshold', () => {
  it('single, $19,000: the $400 QBI minimum', () => {
    // SE: 19,000 x .9235 = 17,546.50; x .153 = 2,684.61. Half 1,342.31.
    // AGI 17,657.69; taxable before QBI 17,657.69 - 16,100 = 1,557.69; 20% of it 311.54 < $400, QBI
    // 17,657.69 >= $1,000, so the deduction is $400. Taxable 1,157.69; tax 10% = 115.77.
    // Total 2,685 + 116 = 2,801.
    const plan = soleProprietorPlan('single', 19_000);
    within(plan.selfEmploymentTax, 2_685);
    within(plan.qbiDeduction, 400);
    within(plan.incomeTax, 116);
    within(plan.total, 2_801);
  });

  it('single, $60,000', () => {
    // SE: 60,000 x .9235 = 55,410; x .153 = 8,477.73. Half 4,238.87.
    // AGI 55,761.13; taxable before QBI 39,661.13. QBI 55,761.13 x 20% = 11,152.23; 20% of taxable
    // income 7,932.23 is less: deduction 7,932. Taxable 31,728.90.
    // Tax: 12,400 x 10% = 1,240 + (31,728.90 - 12,400) x 12% = 2,319.47 -> 3,559.47.
    // Total 8,478 + 3,559 = 12,037.
    const plan = soleProprietorPlan('single', 60_000);
    within(plan.selfEmploymentTax, 8_478);
    within(plan.qbiDeduction, 7_932);
    within(plan.taxableIncome, 31_729);
    within(plan.incomeTax, 3_559);
    within(plan.total, 12_037);
  });

  it('single, $100,000', () => {
    // SE: 92,350 x .153 = 14,129.55. Half 7,064.78. AGI 92,935.22; taxable before QBI 76,835.22.
    // QBI 92,935.22 x 20% = 18,587.04; 20% of taxable 15,367.04: deduction 15,367. Taxable 61,468.18.
    // Tax: 1,240 + 38,000 x 12% = 4,560 + (61,468.18 - 50,400) x 22% = 2,435.00 -> 8,235.00.
    // Total 14,130 + 8,235 = 22,365.
    const plan = soleProprietorPlan('single', 100_000);
    within(plan.selfEmploymentTax, 14_130);
    within(plan.qbiDeduction, 15_367);
    within(plan.incomeTax, 8_235);
    within(plan.total, 22_365);
  });

  it('joint, $30,000: no income tax under the standard deduction, so no QBI deduction', () => {
    // SE: 27,705 x .153 = 4,238.87. AGI 30,000 - 2,119.43 = 27,880.57 < 32,200: taxable 0.
    const plan = soleProprietorPlan('joint', 30_000);
    within(plan.selfEmploymentTax, 4_239);
    expect(plan.qbiDeduction).toBe(0);
    expect(plan.incomeTax).toBe(0);
    within(plan.total, 4_239);
  });

  it('joint, $60,000', () => {
    // SE 8,477.73, half 4,238.87, AGI 55,761.13; taxable before QBI 55,761.13 - 32,200 = 23,561.13.
    // 20% of it 4,712.23 < 20% of QBI: deduction 4,712. Taxable 18,848.90; tax 10% = 1,884.89.
    // Total 8,478 + 1,885 = 10,363.
    const plan = soleProprietorPlan('joint', 60_000);
    within(plan.qbiDeduction, 4_712);
    within(plan.incomeTax, 1_885);
    within(plan.total, 10_363);
  });

  it('joint, $150,000', () => {
    // SE: 138,525 x .153 = 21,194.33. Half 10,597.16. AGI 139,402.84; taxable before QBI 107,202.84.
    // QBI 27,880.57 vs 20% of taxable 21,440.57: deduction 21,441. Taxable 85,762.27.
    // Tax: 24,800 x 10% = 2,480 + (85,762.27 - 24,800) x 12% = 7,315.47 -> 9,795.47.
    // Total 21,194 + 9,795 = 30,989.
    const plan = soleProprietorPlan('joint', 150_000);
    within(plan.selfEmploymentTax, 21_194);
    within(plan.qbiDeduction, 21_441);
    within(plan.incomeTax, 9_795);
    within(plan.total, 30_989);
  });
});

describe('S-corporation owner with a salary', () => {
  it('single, $100,000 at a 40% salary ($40,000)', () => {
    // Payroll: 40,000 x 7.65% = 3,060 each half -> 6,120. Pass-through 100,000 - 40,000 - 3,060 -
    // 1,740 = 55,200. AGI 95,200; taxable before QBI 79,100. QBI 55,200 x 20% = 11,040 (< 15,820).
    // Taxable 68,060. Tax: 5,800 + (68,060 - 50,400) x 22% = 3,885.20 -> 9,685.20.
    // Total 6,120 + 9,685 + 1,740 = 17,545; savings 22,365 - 17,545 = 4,820.
    const plan = sCorpPlan('single', 100_000, 40_000);
    within(plan.payrollTax, 6_120);
    within(plan.passThroughProfit, 55_200);
    within(plan.qbiDeduction, 11_040);
    within(plan.incomeTax, 9_685);
    within(plan.total, 17_545);
    within(plan.savings, 4_820);
  });

  it('single, $100,000 at a 60% salary ($60,000)', () => {
    // Payroll: 60,000 x 7.65% = 4,590 each -> 9,180. Pass-through 100,000 - 60,000 - 4,590 - 1,740 =
    // 33,670. AGI 93,670; taxable before QBI 77,570. QBI 6,734 (< 15,514). Taxable 70,836.
    // Tax: 5,800 + 20,436 x 22% = 4,495.92 -> 10,295.92. Total 9,180 + 10,296 + 1,740 = 21,216;
    // savings 22,365 - 21,216 = 1,149.
    const plan = sCorpPlan('single', 100_000, 60_000);
    within(plan.payrollTax, 9_180);
    within(plan.qbiDeduction, 6_734);
    within(plan.incomeTax, 10_296);
    within(plan.total, 21_216);
    within(plan.savings, 1_149);
  });

  it('joint, $150,000 at a 40% salary ($60,000)', () => {
    // Payroll 9,180. Pass-through 150,000 - 60,000 - 4,590 - 1,740 = 83,670. AGI 143,670; taxable
    // before QBI 111,470. QBI 16,734 (< 22,294). Taxable 94,736.
    // Tax: 2,480 + 69,936 x 12% = 8,392.32 -> 10,872.32. Total 9,180 + 10,872 + 1,740 = 21,792;
    // savings 30,989 - 21,792 = 9,197.
    const plan = sCorpPlan('joint', 150_000, 60_000);
    within(plan.incomeTax, 10_872);
    within(plan.total, 21_792);
    within(plan.savings, 9_197);
  });

  it('joint, $150,000 at a 60% salary ($90,000)', () => {
    // Payroll: 90,000 x 7.65% = 6,885 each -> 13,770. Pass-through 150,000 - 90,000 - 6,885 - 1,740 =
    // 51,375. AGI 141,375; taxable before QBI 109,175. QBI 10,275. Taxable 98,900.
    // Tax: 2,480 + 74,100 x 12% = 8,892 -> 11,372. Total 13,770 + 11,372 + 1,740 = 26,882;
    // savings 30,989 - 26,882 = 4,107.
    const plan = sCorpPlan('joint', 150_000, 90_000);
    within(plan.payrollTax, 13_770);
    within(plan.qbiDeduction, 10_275);
    within(plan.incomeTax, 11_372);
    within(plan.total, 26_882);
    within(plan.savings, 4_107);
  });

  it('costs money at a small profit: the running costs outweigh the payroll-tax saving', () => {
    expect(sCorpPlan('single', 15_000, 6_000).savings).toBeLessThan(0);
  });
});

describe('the pieces', () => {
  it('brackets: the Tax Computation Worksheet at $250,000 single', () => {
    // 1,240 + 4,560 + (105,700 - 50,400) x 22% = 12,166 + (201,775 - 105,700) x 24% = 23,058 +
    // (250,000 - 201,775) x 32% = 15,432 -> 56,456.
    within(incomeTaxOn(250_000, 'single'), 56_456);
  });

  it('Schedule SE caps Social Security at the wage base, less W-2 wages', () => {
    // 250,000 x .9235 = 230,875. SS 184,500 x 12.4% = 22,878; Medicare 230,875 x 2.9% = 6,695.38.
    within(selfEmploymentTaxOn(250_000), 29_573);
    // With $100,000 of wages: SS on 84,500 = 10,478; + 6,695.38 = 17,173.38.
    within(selfEmploymentTaxOn(250_000, 100_000), 17_173);
    // Below $400 of net earnings: none.
    expect(selfEmploymentTaxOn(400)).toBe(0);
  });

  it('Form 8959: 0.9% above $200,000 single, $250,000 joint', () => {
    within(additionalMedicareTaxOn(0, 230_875, 'single'), 278);
    expect(additionalMedicareTaxOn(0, 230_875, 'joint')).toBe(0);
  });

  it('the break-even is the first profit that pays', () => {
    for (const status of ['single', 'joint'] as const) {
      for (const share of [0.4, 0.6]) {
        const breakEven = breakEvenProfit(status, share)!;
        expect(breakEven).toBeGreaterThan(0);
        const savingsAt = (p: number) => sCorpPlan(status, p, Math.round(p * share), 0, DEFAULT_RUNNING_COSTS).savings;
        expect(savingsAt(breakEven)).toBeGreaterThanOrEqual(0);
        expect(savingsAt(breakEven - 1)).toBeLessThan(0);
      }
    }
  });

  it('a higher salary share needs a higher profit to pay', () => {
    expect(breakEvenProfit('single', 0.6)!).toBeGreaterThan(breakEvenProfit('single', 0.4)!);
  });

  it('quarterly: 90% of the year in four parts, or 110% of last year when lower and AGI was above $150,000', () => {
    // 12,037 x 90% = 10,833.30 / 4 = 2,708.33 -> 2,709.
    expect(quarterlyEstimates(12_037)).toEqual([
      { due: '2026-04-15', amount: 2_709 },
      { due: '2026-06-15', amount: 2_709 },
      { due: '2026-09-15', amount: 2_709 },
      { due: '2027-01-15', amount: 2_709 },
    ]);
    // 8,000 x 110% = 8,800 / 4 = 2,200.
    expect(quarterlyEstimates(12_037, { tax: 8_000, agi: 160_000 })[0]!.amount).toBe(2_200);
    expect(quarterlyEstimates(12_037, { tax: 8_000, agi: 100_000 })[0]!.amount).toBe(2_000);
  });

  it('quarterly: income tax withheld from wages counts as paid and lowers each instalment', () => {
    // 12,037 x 90% = 10,833.30; less 4,000 withheld = 6,833.30 / 4 = 1,708.33 -> 1,709.
    const plan = quarterlyPlan(12_037, undefined, 4_000);
    expect(plan.instalments.map((q) => q.amount)).toEqual([1_709, 1_709, 1_709, 1_709]);
    expect(plan).toMatchObject({ safeHarbour: 'current-year', share: 0.9, requiredPayment: 10_834, withholding: 4_000 });
    // Withholding above the required payment: nothing more to pay.
    expect(quarterlyEstimates(12_037, undefined, 20_000)[0]!.amount).toBe(0);
    // Last year's 8,000 x 110% = 8,800 is lower than 10,833.30: the prior-year rule applies.
    expect(quarterlyPlan(12_037, { tax: 8_000, agi: 160_000 })).toMatchObject({ safeHarbour: 'prior-year', share: 1.1, requiredPayment: 8_800 });
    // Last year's 20,000 x 100% is higher: this year's 90% stays the rule.
    expect(quarterlyPlan(12_037, { tax: 20_000, agi: 100_000 })).toMatchObject({ safeHarbour: 'current-year', share: 0.9 });
  });

  it("the S-corporation's estimates subtract the income tax withheld from the salary", () => {
    const base = taxPlan({ filingStatus: 'single', profit: 100_000, salary: 40_000 });
    const withheld = taxPlan({ filingStatus: 'single', profit: 100_000, salary: 40_000, withholding: 3_000 });
    // 9,685 x 90% = 8,716.50 / 4 = 2,179.13 -> 2,180; less 3,000 withheld: 5,716.50 / 4 = 1,429.13 -> 1,430.
    expect(base.quarterly[0]!.amount).toBe(2_180);
    expect(withheld.quarterly[0]!.amount).toBe(1_430);
    expect(withheld.quarterlyRule.withholding).toBe(3_000);
  });

  it('every dollar figure and rate in the sources is read from the data file', () => {
    expect(TAX_PLAN_SOURCES.selfEmploymentTax).toContain('15.3% of 92.35%');
    expect(TAX_PLAN_SOURCES.selfEmploymentTax).toContain(`$${federal.selfEmployment.socialSecurityWageBase.toLocaleString('en-US')}`);
    expect(TAX_PLAN_SOURCES.selfEmploymentTax).toContain(`$${federal.selfEmployment.minimumNetEarnings}`);
    expect(TAX_PLAN_SOURCES.standardDeduction).toContain(`$${federal.standardDeduction.joint.toLocaleString('en-US')}`);
    expect(TAX_PLAN_SOURCES.qbiDeduction).toContain('50% W-2 wage limit');
    expect(TAX_PLAN_SOURCES.quarterly).toContain('April 15, 2026');
    expect(TAX_PLAN_SOURCES.quarterly).toContain('January 15, 2027');
  });

  it('the plan: an S-corporation and break-even only with a salary', () => {
    const solo = taxPlan({ filingStatus: 'single', profit: 60_000 });
    expect(solo.sCorp).toBeUndefined();
    expect(solo.breakEvenProfit).toBeUndefined();
    const withSalary = taxPlan({ filingStatus: 'single', profit: 100_000, salary: 40_000 });
    expect(withSalary.sCorp!.savings).toBe(withSalary.soleProprietor.total - withSalary.sCorp!.total);
    expect(withSalary.breakEvenProfit).toBe(breakEvenProfit('single', 0.4));
    // The estimates follow the S-corporation: income tax only, payroll tax is paid through payroll.
    expect(withSalary.quarterly[0]!.amount).toBe(Math.ceil((withSalary.sCorp!.incomeTax * 0.9) / 4));
  });
});

describe('endorsement and likeness income is a specified service business for the QBI deduction (IRC section 199A(d))', () => {
  const qbi = federal.qualifiedBusinessIncome;
  it('inside the phase-in range the specified part counts only its applicable percentage', () => {
    // Halfway through the range: the applicable percentage is 50%. Wages are ample, so no wage limit bites.
    const taxable = qbi.taxableIncomeThreshold.single + qbi.phaseInRange.single / 2;
    expect(qbiDeductionFor(100_000, taxable, 1_000_000, 'single', 0)).toBe(20_000);
    expect(qbiDeductionFor(100_000, taxable, 1_000_000, 'single', 1)).toBe(10_000);
    // Half of the business is specified: 20% of $50,000 whole, plus 20% of $50,000 x 50%.
    expect(qbiDeductionFor(100_000, taxable, 1_000_000, 'single', 0.5)).toBe(15_000);
    // Below the threshold the rule does not apply.
    expect(qbiDeductionFor(100_000, qbi.taxableIncomeThreshold.single - 1, 1_000_000, 'single', 1)).toBe(20_000);
  });

  it('single, profit $400,000, salary $250,000, half the income sponsorships: the specified half gets no deduction', () => {
    const all = sCorpPlan('single', 400_000, 250_000);
    const half = sCorpPlan('single', 400_000, 250_000, 0, DEFAULT_RUNNING_COSTS, undefined, 0.5);
    // By hand: the pass-through profit after the salary, the employer's payroll tax and the running costs.
    const costs = DEFAULT_RUNNING_COSTS.payrollService + DEFAULT_RUNNING_COSTS.taxPreparer + DEFAULT_RUNNING_COSTS.stateFees;
    const passThrough = 400_000 - 250_000 - payrollTaxOn(250_000).employer - costs;
    const taxable = 250_000 + passThrough - federal.standardDeduction.single;
    // Taxable income is past the phase-in range: the specified half counts for nothing; the other
    // half keeps 20% of its income, its half of the wages ($125,000 x 50%) being above that.
    expect(taxable).toBeGreaterThan(qbi.taxableIncomeThreshold.single + qbi.phaseInRange.single);
    within(all.qbiDeduction, passThrough * qbi.rate);
    within(half.qbiDeduction, passThrough * 0.5 * qbi.rate);
    // The lost deduction is taxed at the 35% bracket this income reaches: the saving shrinks by that much.
    expect(all.savings - half.savings).toBeGreaterThan(0);
    expect(half.incomeTax - all.incomeTax).toBeGreaterThan(Math.round(passThrough * 0.5 * qbi.rate * 0.3));
  });

  it('the plan reads the share from its input, and the sources say the rule', () => {
    const plan = taxPlan({ filingStatus: 'single', profit: 400_000, salary: 250_000, specifiedServiceShare: 0.5 });
    expect(plan.sCorp?.qbiDeduction).toBe(sCorpPlan('single', 400_000, 250_000, 0, DEFAULT_RUNNING_COSTS, undefined, 0.5).qbiDeduction);
    expect(TAX_PLAN_SOURCES.qbiDeduction).toContain('endorsement, likeness or name income');
    expect(TAX_PLAN_SOURCES.runningCosts).toContain('also lower the corporation');
  });
});
