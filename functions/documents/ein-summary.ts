import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { addressLine, longDate, monthName, pdfDate, slug } from './format.ts';
import { mailingOf } from './formation-forms.ts';
import { type Block, renderPdf } from './layout.ts';
import { stateFacts } from './state-data.ts';
import type { GeneratedDocument, OrderSummary } from './types.ts';

/**
 * The customer's copy of their EIN application, in plain language: what we tell the IRS on
 * their behalf, from their own answers, and what happens next. The line-by-line SS-4 worksheet
 * is staff-only (shared/orders/documents.ts STAFF_ONLY_KINDS). The SSN/ITIN is never printed,
 * not even its last digits.
 */
export async function einSummary(order: OrderSummary, details: StoredFilingDetails): Promise<GeneratedDocument<'ein_summary'>> {
  const ein = details.ein;
  if (!ein) throw new Error(`Application ${order.applicationId} has no EIN answers: the order did not include the EIN application`);
  const code = order.filingState.trim().toUpperCase();
  const stateName = order.stateName?.trim() || stateFacts(code)?.name || code;
  const members = details.members.length;
  const idType = ein.responsibleParty.taxIdType === 'itin' ? 'ITIN' : 'Social Security number';
  const blocks: Block[] = [
    { type: 'title', text: 'Your EIN application', subtitle: [order.businessName, 'What we tell the IRS for you, from your answers'] },
    {
      type: 'para',
      text: `An EIN (Employer Identification Number) is your LLC's federal tax number: banks, platforms that pay you and the IRS ask for it. Once ${stateName} has approved your LLC, we apply for it online with the IRS using the answers below. The IRS confirms the number in a letter (CP 575), which we put in your document vault with the number itself.`,
    },
    { type: 'heading', text: 'Your answers' },
    { type: 'field', label: 'Business name', value: order.businessName },
    { type: 'field', label: 'Formed in', value: stateName },
    { type: 'field', label: 'Type', value: `Limited liability company with ${members === 1 ? 'one member' : `${members} members`}` },
    { type: 'field', label: 'Mailing address', value: addressLine(mailingOf(details)) },
    { type: 'field', label: 'Business address', value: addressLine(details.principalOffice) },
    {
      type: 'field',
      label: 'Responsible party',
      value: `${ein.responsibleParty.name} (identified to the IRS by their ${idType}, which this document never shows)`,
    },
    { type: 'field', label: 'What the business does', value: ein.businessActivity },
    { type: 'field', label: 'Start date', value: longDate(ein.startDate) },
    { type: 'field', label: 'Accounting year ends in', value: monthName(ein.fiscalYearEndMonth) },
    ...(details.county?.trim() ? [{ type: 'field' as const, label: 'County of the business address', value: details.county.trim() }] : []),
    ...(ein.employeesExpected !== undefined
      ? [{ type: 'field' as const, label: 'Employees expected in the next 12 months', value: String(ein.employeesExpected) }]
      : []),
    ...(ein.appliedBefore !== undefined
      ? [
          {
            type: 'field' as const,
            label: 'Applied for an EIN before',
            value: ein.appliedBefore ? `Yes${ein.priorEin ? `, EIN ${ein.priorEin}` : ''}` : 'No, this is its first application',
          },
        ]
      : []),
    { type: 'heading', text: 'What happens next' },
    {
      type: 'bullets',
      items: [
        'We apply once the state has approved the LLC: the IRS needs the LLC to exist.',
        'We email you when the EIN is recorded; your order page shows the number and the IRS letter.',
        `Then we delete the ${idType} you gave us: we keep it only until the EIN letter is on file.`,
        'If anything above is wrong, send us a change request from your order page before we apply.',
      ],
    },
  ];
  const bytes = await renderPdf({
    title: `Your EIN application - ${order.businessName}`,
    subject: 'A plain-language summary of the EIN application made for you',
    header: `Your EIN application - ${order.businessName}`,
    footer: `Prepared by CreatorLLC for order ${order.applicationId.slice(0, 8)} on ${longDate(order.paidAt)}. Not tax advice.`,
    createdAt: pdfDate(order.paidAt),
    blocks,
  });
  return {
    kind: 'ein_summary',
    title: `EIN application summary - ${order.businessName}`,
    fileName: `${code.toLowerCase()}-ein-application-summary-${slug(order.businessName, order.applicationId)}.pdf`,
    bytes,
  };
}
