import { sCorpElectionDeadline } from '#shared/compliance/calendar.ts';
import { addDays, addYears } from '#shared/compliance/dates.ts';
import federal from '#shared/data/federal-tax-2026.json' with { type: 'json' };
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { sendingTo } from './form-2553-sending.ts';
import { addressLine, longDate, pdfDate, percent, slug } from './format.ts';
import { type Block, renderPdf } from './layout.ts';
import { stateFacts } from './state-data.ts';
import type { Form2553Facts, GeneratedDocument, Generator, OrderSummary } from './types.ts';

/**
 * "Form 2553 prepared for you" (docs/product.md "Form 2553 prepared for you"): a worksheet of the
 * answers IRS Form 2553 asks that the order already holds, line by line, with the election's
 * deadline counted from the LLC's start (the calendar's rule), the late-election relief path
 * when that day has passed, and what the creator must sign. It is not the IRS form: the
 * creator copies it onto the current form, signs and sends it. Social Security numbers are
 * never printed (we do not hold them).
 */

const election = federal.sCorporationElection;

/**
 * Late-election relief (Rev. Proc. 2013-30): within 3 years and 75 days of the date the election
 * was to take effect. The federal data states it in its words (`deadline`); a test keeps the two
 * the same.
 */
export const LATE_RELIEF = { years: 3, days: 75, authority: 'Rev. Proc. 2013-30' } as const;

/** The answers for line I: the relief statement when the deadline has passed, else that the line stays blank. */
export function lateElection(facts: Pick<Form2553Facts, 'formation' | 'today'>): { late: boolean; deadline: string; reliefUntil: string } {
  const deadline = sCorpElectionDeadline(facts.formation.date);
  const reliefUntil = addDays(addYears(facts.formation.date, LATE_RELIEF.years), LATE_RELIEF.days);
  return { late: facts.today > deadline, deadline, reliefUntil };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export async function form2553Worksheet(
  order: OrderSummary,
  details: StoredFilingDetails,
  facts: Form2553Facts,
): Promise<GeneratedDocument<'form_2553_worksheet'>> {
  const code = order.filingState.trim().toUpperCase();
  const stateName = order.stateName?.trim() || stateFacts(code)?.name || code;
  const start = facts.formation.date;
  const { late, deadline, reliefUntil } = lateElection(facts);
  const taxYearEnds = `December 31, ${start.slice(0, 4)}`;
  const officeCode = details.principalOffice.state.trim().toUpperCase();
  const pastRelief = late && facts.today > reliefUntil;
  const officer = details.management === 'manager' && details.managers?.length ? details.managers[0].name : details.members[0].name;
  const officerTitle = details.management === 'manager' && details.managers?.length ? 'Manager' : 'Member';
  const startWords =
    facts.formation.from === 'filing'
      ? `${longDate(start)} (the day ${stateName} filed the LLC)`
      : `${longDate(start)} (your payment date, until ${stateName} files the LLC: use the state's filing date once it does; your order page shows it)`;
  const ein = facts.ein
    ? facts.ein
    : order.addOns.feinFiling
      ? 'Not assigned yet. You ordered our EIN application: write the number in from the IRS letter (CP 575) in your vault once it arrives. Form 2553 cannot be sent without it.'
      : 'Not on file with us. Apply for the LLC’s EIN first (IRS Form SS-4, or online at irs.gov): Form 2553 cannot be sent without it.';

  const blocks: Block[] = [
    {
      type: 'title',
      text: 'Form 2553 worksheet',
      subtitle: [order.businessName, 'Your S-corporation election, prepared for you from your order'],
    },
    {
      type: 'notice',
      tone: 'info',
      title: 'A worksheet, not the IRS form',
      text: [
        `Copy these answers onto the current ${election.form} (Election by a Small Business Corporation, from irs.gov/forms-pubs/about-form-2553), sign it where this worksheet says, and send it to the IRS. We do not sign or file it for you.`,
        'Electing S-corporation status changes how the LLC is taxed: it pays only above a break-even that depends on your profit and salary. The tax planner on our site shows it for your figures. This worksheet is not tax advice.',
      ],
    },
    { type: 'heading', text: 'The deadline' },
    {
      type: 'para',
      text: `To be taxed as an S-corporation from the LLC's first day, the IRS must receive Form 2553 no more than ${election.deadlineMonths} months and ${election.deadlineDays} days after the LLC's first tax year begins: it began ${startWords}, so the last day is ${longDate(deadline)}.`,
      bold: true,
    },
    ...(late
      ? [
          {
            type: 'notice' as const,
            tone: 'warn' as const,
            title: `The deadline has passed: ask for late-election relief (${LATE_RELIEF.authority})`,
            text: [
              `Filed after ${longDate(deadline)}, the election would start only next year, unless the IRS grants relief under ${LATE_RELIEF.authority}: it is available until ${longDate(reliefUntil)} (${LATE_RELIEF.years} years and ${LATE_RELIEF.days} days after the date the election is to take effect) when the LLC had reasonable cause for filing late.`,
              `Write "FILED PURSUANT TO REV. PROC. 2013-30" at the top of page 1 of Form 2553, and on line I explain, in your own words, why it was not filed on time and what you did once you found out. Every member must also sign the consent (column K), as below.`,
              ...(pastRelief
                ? [
                    `That window closed on ${longDate(reliefUntil)}: relief now needs a private letter ruling from the IRS. Otherwise the election can take effect from a later tax year: file by March 15 of the year it is to start.`,
                  ]
                : []),
            ],
          },
        ]
      : []),
    { type: 'heading', text: 'Part I: Election information' },
    { type: 'field', label: 'Name', value: order.businessName },
    {
      type: 'field',
      label: 'Number, street and room or suite',
      value: [details.principalOffice.line1, details.principalOffice.line2].filter(Boolean).join(', '),
    },
    {
      type: 'field',
      label: 'City, state and ZIP code',
      value: `${details.principalOffice.city}, ${details.principalOffice.state} ${details.principalOffice.zip}`,
    },
    { type: 'field', label: 'A  Employer identification number', value: ein },
    { type: 'field', label: 'B  Date incorporated', value: startWords },
    { type: 'field', label: 'C  State of incorporation', value: stateName },
    { type: 'field', label: 'E  Election to take effect for the tax year beginning', value: longDate(start) },
    {
      type: 'field',
      label: 'F  Selected tax year',
      value: `Box 1, calendar year: the LLC's first tax year runs from ${longDate(start)} to ${taxYearEnds}`,
    },
    { type: 'field', label: 'H  Officer or legal representative the IRS may call', value: `${officer}, ${officerTitle}, ${order.contact.phone}` },
    {
      type: 'field',
      label: 'I  Late election',
      value: late
        ? `Late: write your reasonable-cause statement here (see "The deadline" above).`
        : `Leave blank when the IRS receives the form by ${longDate(deadline)}.`,
    },
    { type: 'heading', text: 'Shareholders’ consent (columns J to N): every member' },
    {
      type: 'table',
      columns: [
        { title: 'J  Name and address', width: 3.4 },
        { title: 'L  Ownership', width: 1.2 },
        { title: 'M  SSN', width: 1.6 },
        { title: 'N  Tax year ends', width: 1.3 },
      ],
      rows: details.members.map((m) => [
        `${m.name}, ${addressLine(m.address)}`,
        `${percent(m.ownershipPercent)} since ${longDate(start)}`,
        'You write it in',
        '12/31',
      ]),
    },
    { type: 'heading', text: 'What you sign' },
    {
      type: 'bullets',
      items: [
        `Part I, under "Sign Here": ${officer} signs as ${officerTitle.toLowerCase()} of the LLC, with the title and the date.`,
        `Column K: every member (${details.members.map((m) => m.name).join(', ')}) signs and dates the shareholder's consent, on the form or on an attached consent statement. A spouse with a community-property interest in a member's share signs too.`,
        'Column M: each member writes their own Social Security number. We never hold it or print it.',
      ],
    },
    { type: 'heading', text: 'Sending it' },
    {
      type: 'bullets',
      items: [
        `Mail or fax the signed form to: ${lowerFirst(sendingTo(officeCode))}.`,
        'The IRS answers with a letter accepting the election, usually within 60 days. Keep it with the LLC’s records; your tax preparer will ask for it.',
        'An LLC that files Form 2553 is treated as also electing to be taxed as a corporation, so it does not file Form 8832 (Treas. Reg. § 301.7701-3(c)(1)(v)(C)).',
      ],
    },
  ];
  const bytes = await renderPdf({
    title: `Form 2553 worksheet - ${order.businessName}`,
    subject: 'The S-corporation election (IRS Form 2553): the answers from the order, the deadline and what to sign',
    header: `Form 2553 worksheet - ${order.businessName} - not the IRS form`,
    footer: `Prepared by CreatorLLC for order ${order.applicationId.slice(0, 8)} on ${longDate(facts.today)}. Deadline: the instructions for ${election.form} and ${LATE_RELIEF.authority}. Not tax advice.`,
    createdAt: pdfDate(facts.today),
    blocks,
  });
  return {
    kind: 'form_2553_worksheet',
    title: `Form 2553 worksheet - ${order.businessName}`,
    fileName: `${code.toLowerCase()}-form-2553-worksheet-${slug(order.businessName, order.applicationId)}.pdf`,
    bytes,
  };
}

/**
 * The Form 2553 worksheet as the registry writes it (./generators.ts), from the order's Form 2553
 * facts; without a formation date (no payment or filing date recorded) it cannot be written.
 */
export const form2553Document: Generator = async (order, details) => {
  if (order.form2553) return { documents: [await form2553Worksheet(order, details, order.form2553)], problems: [], blockers: [] };
  const reason = 'The order includes the Form 2553 worksheet and has no formation date yet (no payment or filing date recorded).';
  return { documents: [], problems: [`Missing: Form 2553 facts - ${reason}`], blockers: [{ code: 'value_missing', field: 'Form 2553', reason }] };
};
