import { expectedForms, INCOME_KIND_FACTS, INCOME_KINDS, INCOME_MAP_SOURCES } from '#shared/income-map.ts';
import { form1099Check } from '#shared/payers/form-1099-check.ts';
import { PAYER_FORM_LABELS, PAYER_KIND_LABELS, type StoredPayer } from '#shared/payers/payers.ts';
import { computeSavedPlan, planBasisWords, planOnDay, type SavedTaxPlan, savedIncomeTotal } from '#shared/saved-tax-plan.ts';
import { DEFAULT_RUNNING_COSTS, QBI_THRESHOLD, TAX_PLAN_SOURCES, yearFiguresOf } from '#shared/tax-plan.ts';
import { longDate, pdfDate, slug, usd } from './format.ts';
import { type Block, renderPdf } from './layout.ts';

/**
 * The year-end tax summary a creator hands to their preparer (docs/product.md "Tax planner"):
 * the figures they saved on the order, their income map, the 2026 federal tax as a sole
 * proprietor and as an S-corporation owner, the quarterly estimates with the safe harbour in
 * words, and the source of every figure. Computed from the saved inputs by the same engine as
 * the planner and the calendar. Pure: bytes in memory, nothing stored.
 */

export interface TaxSummaryInput {
  orderNumber: string;
  businessName: string;
  customerName: string;
  saved: SavedTaxPlan;
  /** The order's payers (shared/payers/payers.ts), with the Forms 1099 recorded for the plan's year. */
  payers?: readonly StoredPayer[];
  /** The S-corporation election as the order shows it (its headline), when there is one. */
  election?: string;
  /** YYYY-MM-DD: the day the summary is made, which its dates are true on (today, UTC, when not given). */
  today?: string;
}

/** The short name of each figure's source in the tables; the full text is under "Where the figures come from". */
const SOURCE = {
  selfEmploymentTax: 'Schedule SE',
  payrollTax: 'Form 941, Pub. 15',
  qbiDeduction: 'Form 8995, IRC 199A',
  incomeTax: 'Tax Computation Worksheet',
  additionalMedicareTax: 'Form 8959',
  runningCosts: 'Estimates you can change',
  total: 'Sum of the above',
  quarterly: 'Form 1040-ES, IRC 6654(d)',
  yours: 'Your figures',
} as const;

const SOURCE_TITLES: Record<keyof typeof TAX_PLAN_SOURCES, string> = {
  figures: '2026 figures',
  selfEmploymentTax: 'Self-employment tax',
  deductibleHalf: 'Deductible half of self-employment tax',
  standardDeduction: 'Standard deduction',
  qbiDeduction: 'Qualified business income deduction',
  incomeTax: 'Income tax',
  additionalMedicareTax: 'Additional Medicare tax',
  payrollTax: 'Payroll tax',
  runningCosts: 'Running costs',
  total: 'Total',
  breakEvenProfit: 'Break-even profit',
  quarterly: 'Quarterly estimates',
};

/**
 * How the QBI deduction treated the business above the threshold: the income map's brand-deal,
 * sponsorship and endorsement share as a specified service business (IRC 199A(d)), the rest not.
 */
function specifiedWords(share: number | undefined): string {
  const above = `Above ${usd(QBI_THRESHOLD.single)} of taxable income (${usd(QBI_THRESHOLD.joint)} joint)`;
  return share && share > 0
    ? `${above} the income map's brand deals, sponsorships and endorsements (${Math.round(share * 100)}% of the income) are counted as a specified service business (IRC 199A(d)), the rest of the business not.`
    : `${above} the business is taken not to be a specified service business (no brand-deal, sponsorship or endorsement income was given).`;
}

/**
 * "Payers and forms": the election's state, each payer with the form it takes and when it was
 * last given, and from January 1 after the plan's year the Forms 1099 recorded for that year
 * with the January check's flags (shared/payers/form-1099-check.ts), on `today`.
 */
function payerBlocks(input: TaxSummaryInput, year: number, today: string): Block[] {
  const payers = input.payers ?? [];
  if (!payers.length && !input.election) return [];
  const blocks: Block[] = [{ type: 'heading', text: 'Payers and forms' }];
  if (input.election) blocks.push({ type: 'para', text: `${input.election}.` });
  if (!payers.length) return blocks;
  blocks.push({
    type: 'table',
    columns: [
      { title: 'Payer', width: 200 },
      { title: 'Takes', width: 160 },
      { title: 'Last given', width: 144 },
    ],
    rows: payers.map((p) => [
      `${p.name} (${PAYER_KIND_LABELS[p.kind].toLowerCase()})`,
      PAYER_FORM_LABELS[p.form],
      p.givenOn ? longDate(p.givenOn) : 'Not recorded',
    ]),
  });
  // The forms for the plan's year arrive from January after it: the check as it stands on the day.
  const after = `${year + 1}-01-01`;
  if (today < after) {
    blocks.push({
      type: 'para',
      text: `The Forms 1099 for ${year} arrive from January ${year + 1}; the order page's checklist records them then.`,
      muted: true,
    });
    return blocks;
  }
  const check = form1099Check(payers, input.saved.incomeMap, today < `${year + 1}-05-01` ? today : `${year + 1}-04-30`);
  if (check.year !== year || !check.rows.length) return blocks;
  blocks.push({
    type: 'table',
    columns: [
      { title: `Forms 1099 for ${year}`, width: 200 },
      { title: 'Recorded', width: 160 },
      { title: 'Check', width: 144 },
    ],
    rows: check.rows.map((r) => [
      `${r.name}: ${r.expectedForms.join(', ')}`,
      r.received.length ? r.received.map((f) => `${f.form} ${usd(f.amountCents / 100)}`).join('; ') : 'None yet',
      r.flags.length ? r.flags.map((f) => f.words).join(' ') : r.status === 'ok' ? 'Matches' : 'Waiting',
    ]),
  });
  return blocks;
}

/** A source as a sentence: one full stop at its end. */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

export async function taxSummaryPdf(input: TaxSummaryInput): Promise<{ title: string; fileName: string; bytes: Uint8Array }> {
  const { saved } = input;
  const plan = computeSavedPlan(saved);
  const { request } = saved;
  const costs = saved.runningCosts ?? DEFAULT_RUNNING_COSTS;
  const sole = plan.soleProprietor;
  const sCorp = plan.sCorp;
  const title = `Year-end tax summary ${plan.year}`;
  const day = planOnDay(plan, input.today ?? new Date().toISOString().slice(0, 10), {
    ...(request.priorYearTax !== undefined ? { priorYearTax: request.priorYearTax } : {}),
    year: yearFiguresOf(plan),
  });
  const next = day.nextYearPlan;

  const figures: string[][] = [
    ['Filing status', request.filingStatus === 'joint' ? 'Married filing jointly' : 'Single', SOURCE.yours],
    ['Business profit (income less expenses)', usd(request.profit), SOURCE.yours],
    ...(request.salary !== undefined ? [['Salary as an S-corporation owner', usd(request.salary), SOURCE.yours]] : []),
    ...(request.otherWages ? [['Wages from other jobs', usd(request.otherWages), SOURCE.yours]] : []),
    ...(request.withholding ? [['Income tax withheld this year', usd(request.withholding), SOURCE.yours]] : []),
    ...(request.priorYearTax !== undefined ? [["Last year's total federal tax", usd(request.priorYearTax), SOURCE.yours]] : []),
    ...(request.priorYearAgi !== undefined ? [["Last year's adjusted gross income", usd(request.priorYearAgi), SOURCE.yours]] : []),
  ];

  const blocks: Block[] = [
    {
      type: 'title',
      text: title,
      subtitle: [
        `${input.businessName ? `${input.businessName}, ` : ''}order ${input.orderNumber}: prepared for ${input.customerName}`,
        `Saved on ${longDate(saved.savedAt)}; its dates as of ${longDate(day.asOf)}`,
      ],
    },
    {
      type: 'notice',
      tone: 'info',
      title: 'For your tax preparer',
      text: [
        'An estimate of federal tax from the figures the creator saved on their order page, for one filer, before any state tax. It is not a return and not tax advice: the preparer checks it against the year’s records.',
        `Assumptions: the plan's own income and the wages given, nothing else. ${specifiedWords(request.specifiedServiceShare)} Viewer tips are counted as business income without the 2026 tips deduction, which depends on the occupation.`,
      ],
    },
    { type: 'heading', text: 'The figures given' },
    {
      type: 'table',
      columns: [
        { title: 'Figure', width: 250 },
        { title: 'Amount', width: 110 },
        { title: 'Source', width: 144 },
      ],
      rows: figures,
    },
  ];

  if (saved.incomeMap) {
    const map = saved.incomeMap;
    const flagged = new Set(expectedForms(map));
    const total = savedIncomeTotal(map);
    blocks.push(
      { type: 'heading', text: 'Income by kind' },
      {
        type: 'table',
        columns: [
          { title: 'Kind of income', width: 250 },
          { title: 'Amount', width: 110 },
          { title: 'Form expected', width: 144 },
        ],
        rows: [
          ...INCOME_KINDS.map((k) => [
            INCOME_KIND_FACTS[k].label,
            usd(map[k]),
            k === 'gifted' ? 'Often none' : flagged.has(k) ? (k === 'platform' || k === 'tips' ? 'Form 1099-K' : 'Form 1099-NEC') : 'Below the threshold',
          ]),
          ['Total income', usd(total), SOURCE.yours],
          ['Business expenses', usd(map.expenses), SOURCE.yours],
          ['Profit from the income map', usd(Math.max(0, total - map.expenses)), 'Income less expenses'],
        ],
      },
      { type: 'subheading', text: 'How each kind is reported and taxed' },
      { type: 'bullets', items: INCOME_KINDS.map((k) => `${INCOME_KIND_FACTS[k].label}: ${INCOME_KIND_FACTS[k].reported} ${INCOME_KIND_FACTS[k].taxed}`) },
    );
  }

  const dash = 'none';
  blocks.push(
    { type: 'heading', text: `Federal tax ${plan.year}` },
    {
      type: 'table',
      columns: [
        { title: 'Figure', width: 170 },
        { title: 'Sole proprietor', width: 90 },
        { title: 'S-corporation', width: 90 },
        { title: 'Source', width: 154 },
      ],
      rows: [
        [
          'Self-employment or payroll tax',
          usd(sole.selfEmploymentTax),
          sCorp ? usd(sCorp.payrollTax) : dash,
          `${SOURCE.selfEmploymentTax}; ${SOURCE.payrollTax}`,
        ],
        ['Adjusted gross income', usd(sole.adjustedGrossIncome), sCorp ? usd(sCorp.adjustedGrossIncome) : dash, 'Form 1040 line 11'],
        ['Qualified business income deduction', usd(sole.qbiDeduction), sCorp ? usd(sCorp.qbiDeduction) : dash, SOURCE.qbiDeduction],
        ['Taxable income', usd(sole.taxableIncome), sCorp ? usd(sCorp.taxableIncome) : dash, 'Form 1040 line 15'],
        ['Income tax', usd(sole.incomeTax), sCorp ? usd(sCorp.incomeTax) : dash, SOURCE.incomeTax],
        ['Additional Medicare tax', usd(sole.additionalMedicareTax), sCorp ? usd(sCorp.additionalMedicareTax) : dash, SOURCE.additionalMedicareTax],
        ['Running costs of the election', usd(0), sCorp ? usd(sCorp.runningCosts) : dash, SOURCE.runningCosts],
        ['Total', usd(sole.total), sCorp ? usd(sCorp.total) : dash, SOURCE.total],
      ],
    },
  );
  if (sCorp) {
    blocks.push({
      type: 'para',
      text: `${
        sCorp.savings > 0
          ? `Electing S-corporation status at a salary of ${usd(sCorp.salary)} would save about ${usd(sCorp.savings)} a year.`
          : `At this profit the S-corporation would cost about ${usd(-sCorp.savings)} more a year than staying as you are.`
      } ${plan.breakEvenProfit === undefined ? 'At this salary share it does not pay at any profit the plan computes.' : `At this salary share it starts to pay from about ${usd(plan.breakEvenProfit)} of profit.`} Running costs: payroll service ${usd(costs.payrollService)}, the corporation's return ${usd(costs.taxPreparer)}, state fees ${usd(costs.stateFees)} a year.`,
    });
  } else {
    blocks.push({ type: 'para', text: 'No salary was given, so no S-corporation plan is computed.', muted: true });
  }

  blocks.push(
    { type: 'heading', text: 'Quarterly estimated tax (Form 1040-ES)' },
    {
      type: 'table',
      columns: [
        { title: 'Due', width: 250 },
        { title: 'Amount', width: 110 },
        { title: 'Source', width: 144 },
      ],
      rows: day.instalments.map((q) => [`${longDate(q.due)}${q.past ? ' (past)' : ''}`, usd(q.amount), SOURCE.quarterly]),
    },
    // True on the day it is made: the promise of no penalty only while no date is behind (planOnDay).
    {
      type: 'para',
      text: [`Following the plan ${planBasisWords(plan)}. ${day.rule}`, day.catchUp, day.penalty, day.annualised].filter(Boolean).join(' '),
    },
    // Near or after the year's last date: the next year on this year's figures, labelled as ours, never the IRS's.
    ...(next && day.nextYear
      ? [
          { type: 'heading' as const, text: `${next.year} quarterly estimated tax, planned on our ${plan.year} figures` },
          {
            type: 'table' as const,
            columns: [
              { title: 'Due', width: 250 },
              { title: 'Amount', width: 110 },
              { title: 'Source', width: 144 },
            ],
            rows: next.instalments.map((q) => [longDate(q.due), usd(q.amount), `Our ${plan.year} figures, IRC 6654(d)(1)(B)`]),
          },
          { type: 'para' as const, text: day.nextYear },
        ]
      : []),
    ...payerBlocks(input, plan.year, day.asOf),
    { type: 'heading', text: 'Where the figures come from' },
    {
      type: 'bullets',
      items: [
        ...(Object.keys(TAX_PLAN_SOURCES) as (keyof typeof TAX_PLAN_SOURCES)[]).map((k) => sentence(`${SOURCE_TITLES[k]}: ${TAX_PLAN_SOURCES[k]}`)),
        // The income map's sources, less the figures' own (the same data file).
        ...(saved.incomeMap ? INCOME_MAP_SOURCES.filter((s) => s !== TAX_PLAN_SOURCES.figures).map((s) => sentence(`Income map: ${s}`)) : []),
      ],
    },
  );

  const bytes = await renderPdf({
    title,
    subject: `Federal tax estimate ${plan.year} for ${input.businessName || input.customerName}`,
    header: `${input.businessName || 'Your LLC'} - ${title}`,
    footer: `Order ${input.orderNumber}. An estimate from the figures given, not tax advice.`,
    createdAt: pdfDate(saved.savedAt),
    blocks,
  });
  return { title, fileName: `tax-summary-${plan.year}-${slug(input.businessName, 'llc')}.pdf`, bytes };
}
