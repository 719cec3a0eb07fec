import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { einSummary } from './ein-summary.ts';
import { addressLine, longDate, monthName, pdfDate, sameAddress, slug } from './format.ts';
import { mailingOf } from './formation-forms.ts';
import { type Block, renderPdf } from './layout.ts';
import { stateFacts } from './state-data.ts';
import type { GeneratedDocument, Generator, OrderSummary } from './types.ts';

/**
 * The answers to IRS Form SS-4 (application for an employer identification number) from the
 * order, line by line, for staff who apply online. The responsible party's SSN or ITIN is
 * never printed: only "***-**-" and its last four digits, even if a caller passes more.
 */

/** "***-**-1234" from whatever is given: only the last four digits survive. */
export function maskedTaxId(last4: string): string {
  const digits = String(last4 ?? '').replace(/\D/g, '');
  return `***-**-${digits.slice(-4).padStart(4, '*')}`;
}

export async function einWorksheet(order: OrderSummary, details: StoredFilingDetails): Promise<GeneratedDocument<'ein_worksheet'>> {
  const ein = details.ein;
  if (!ein) throw new Error(`Application ${order.applicationId} has no EIN answers: the order did not include the EIN application`);
  const code = order.filingState.trim().toUpperCase();
  const stateName = order.stateName?.trim() || stateFacts(code)?.name || code;
  const rp = ein.responsibleParty;
  const mailing = mailingOf(details);
  const street = details.principalOffice;
  const streetDiffers = !sameAddress(mailing, street);
  const members = details.members.length;
  const rpIsMember = details.members.some((m) => m.name.trim().toLowerCase() === rp.name.trim().toLowerCase());
  const idType = rp.taxIdType === 'itin' ? 'ITIN' : 'SSN';

  const rows: [string, string, string][] = [
    ['1', 'Legal name of entity', order.businessName],
    ['2', 'Trade name of business (if different)', 'None given'],
    ['3', 'Executor, administrator, trustee, "care of" name', 'Not applicable'],
    ['4a', 'Mailing address (street or PO box)', [mailing.line1, mailing.line2].filter(Boolean).join(', ')],
    ['4b', 'City, state and ZIP code', `${mailing.city}, ${mailing.state} ${mailing.zip}`],
    ['5a', 'Street address (if different)', streetDiffers ? [street.line1, street.line2].filter(Boolean).join(', ') : 'Same as line 4a'],
    ['5b', 'City, state and ZIP code', streetDiffers ? `${street.city}, ${street.state} ${street.zip}` : 'Same as line 4b'],
    ['6', 'County and state where the principal business is located', `${details.county?.trim() ? `${details.county.trim()} County, ` : ''}${street.state}`],
    ['7a', 'Name of responsible party', rp.name],
    ['7b', `SSN, ITIN or EIN of responsible party (${idType})`, maskedTaxId(rp.taxIdLast4)],
    ['8a', 'Is this application for a limited liability company (LLC)?', 'Yes'],
    ['8b', 'Number of LLC members', String(members)],
    ['8c', 'Was the LLC organized in the United States?', 'Yes'],
    [
      '9a',
      'Type of entity',
      `Limited liability company (${members === 1 ? 'one member' : `${members} members`}); the order records no election to be taxed as a corporation`,
    ],
    ['9b', 'State where organized', stateName],
    ['10', 'Reason for applying', `Started new business: ${ein.businessActivity}`],
    ['11', 'Date business started or acquired', longDate(ein.startDate)],
    ['12', 'Closing month of accounting year', monthName(ein.fiscalYearEndMonth)],
    ['16', 'Principal activity', `The category that fits: ${ein.businessActivity}`],
    ['17', 'Principal line of services provided', ein.businessActivity],
    ['', 'Name and title of the person signing', `${rp.name}${rpIsMember ? (members === 1 ? ', Sole member' : ', Member') : ''}`],
    ['', "Applicant's telephone number", order.contact.phone || 'Not given'],
  ];
  const confirm = (label: string, note: string): Block => ({ type: 'check', tone: 'warn', label, value: 'Not asked on the order', note });

  const blocks: Block[] = [
    {
      type: 'title',
      text: 'EIN application worksheet',
      subtitle: [order.businessName, 'Answers to IRS Form SS-4 for staff applying online. Not the IRS form.'],
    },
    {
      type: 'notice',
      tone: 'info',
      title: 'Responsible party tax id',
      text: [
        `Only the last four digits of the responsible party's ${idType} are printed here. Enter the full number from the secure record when you apply; never write it on this sheet.`,
        rp.taxIdDeleted ? 'The full number has been deleted from our records: ask the customer for it again.' : '',
      ].filter(Boolean),
    },
    { type: 'heading', text: 'SS-4 answers from the order' },
    {
      type: 'table',
      columns: [
        { title: 'Line', width: 0.55 },
        { title: 'Question', width: 3.2 },
        { title: 'Answer', width: 4.2 },
      ],
      rows,
    },
    {
      type: 'para',
      text: 'Online, choose "Limited Liability Company", then the number of members and the state where it was organized.',
      size: 9,
      muted: true,
    },
    { type: 'heading', text: 'Confirm with the customer' },
  ];
  // What the filing form asked (county, employees, an earlier EIN); only what it did not is left to confirm.
  const answered = (label: string, value: string): Block => ({ type: 'check', tone: 'ok', label, value, note: 'Answered on the filing form.' });
  blocks.push(
    details.county?.trim()
      ? answered('6  County of the principal office', details.county.trim())
      : { type: 'check', tone: 'warn', label: '6  County', value: 'The order has no county', note: 'Ask the customer.' },
  );
  const employees = ein.employeesExpected;
  blocks.push(
    employees === undefined
      ? confirm('13  Highest number of employees expected in the next 12 months', '0 when none.')
      : answered('13  Highest number of employees expected in the next 12 months', String(employees)),
    employees === 0
      ? answered('14  Employment tax liability of $1,000 or less (Form 944)', 'Not applicable: no employees expected')
      : confirm('14  Employment tax liability of $1,000 or less (Form 944)', 'Only relevant with employees.'),
    employees === 0
      ? answered('15  First date wages or annuities were paid', 'Not applicable: no employees expected')
      : confirm('15  First date wages or annuities were paid', 'Not applicable without employees.'),
    ein.appliedBefore === undefined
      ? confirm('18  Has the applicant entity applied for an EIN before?', 'Ask the customer.')
      : answered('18  Has the applicant entity applied for an EIN before?', ein.appliedBefore ? `Yes: ${ein.priorEin ?? 'no number given'}` : 'No'),
    { type: 'heading', text: 'Contact' },
    {
      type: 'field',
      label: 'Customer',
      value: [`${order.contact.firstName} ${order.contact.lastName}`, [order.contact.email, order.contact.phone].filter(Boolean).join(' - ')],
    },
    { type: 'field', label: 'Principal office', value: addressLine(street) },
  );

  const bytes = await renderPdf({
    title: `EIN application worksheet - ${order.businessName}`,
    subject: 'Answers to IRS Form SS-4 from the order',
    header: `EIN application worksheet (SS-4 answers) - ${order.businessName}`,
    footer: `Prepared by CreatorLLC for application ${order.applicationId} on ${longDate(order.paidAt)}. The responsible party's tax id is shown by its last four digits only.`,
    createdAt: pdfDate(order.paidAt),
    blocks,
  });
  return {
    kind: 'ein_worksheet',
    title: `EIN application worksheet - ${order.businessName}`,
    fileName: `${code.toLowerCase()}-ein-worksheet-${slug(order.businessName, order.applicationId)}.pdf`,
    bytes,
  };
}

/**
 * The EIN application's documents (./generators.ts): the SS-4 worksheet for staff and the
 * customer's plain-language summary, both from the EIN answers of the filing details. Without
 * those answers neither can be written: staff are told to ask the customer for them.
 */
export const einDocuments: Generator = async (order, details) => {
  if (details.ein) return { documents: [await einWorksheet(order, details), await einSummary(order, details)], problems: [], blockers: [] };
  const reason = 'The order includes the EIN application and its filing details have no EIN section: ask the customer to complete the filing details.';
  return { documents: [], problems: [`Missing: EIN answers - ${reason}`], blockers: [{ code: 'ein_answers_missing', field: 'EIN answers', reason }] };
};
