import type { W9Values } from '#shared/s-corp/w9.ts';
import { longDate, pdfDate, slug } from './format.ts';
import { type Block, renderPdf } from './layout.ts';

/**
 * The creator's W-9 values (docs/decisions/0426-w9-switch.md): what to write on the current
 * IRS Form W-9, or to enter on a platform's own tax page, for the LLC's tax status today. Drawn
 * by our renderer; it is not the IRS form and says so. Pure: bytes in memory, nothing stored.
 */

export interface W9ValuesInput {
  orderNumber: string;
  businessName: string;
  values: W9Values;
  /** The election's effective date, once in effect. */
  electionEffectiveOn?: string;
  source: { form: string; url: string; checked: string };
  /** YYYY-MM-DD: the day it is made. */
  today: string;
}

export async function w9ValuesPdf(input: W9ValuesInput): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { values: v } = input;
  const rows: string[][] = [
    ['1', 'Name of entity/individual', v.line1],
    ['2', 'Business name/disregarded entity name', v.line2],
    ['3a', 'Federal tax classification', v.line3a.words],
    ...(v.address ? [['5-6', 'Address', `${v.address} (where the payer mails your tax forms: use the address you want them sent to)`]] : []),
    ['Part I', v.tin.kind === 'SSN' ? 'Social security number' : 'Employer identification number', `${v.tin.shown} (${v.tin.whose})`],
  ];
  const blocks: Block[] = [
    { type: 'title', text: 'Your Form W-9 values', subtitle: [input.businessName, `Made on ${longDate(input.today)}`] },
    {
      type: 'notice',
      tone: 'warn',
      title: 'This is not the IRS form',
      text: [
        `These are the values to enter on the current IRS Form W-9 (${input.source.form}), or on a platform's own tax page, for your LLC as it is taxed today. Download the form itself from irs.gov/FormW9, fill it in with these values, sign and date it.`,
        'Give the form to the payer who asked for it; do not send it to the IRS.',
      ],
    },
    { type: 'heading', text: 'Your LLC for Form W-9' },
    { type: 'para', text: `Your LLC is ${v.statusWords}.` },
    ...(input.electionEffectiveOn
      ? [
          {
            type: 'notice',
            tone: 'info',
            title: 'Your S-corporation election changed these values',
            text: `From ${longDate(input.electionEffectiveOn)} the LLC's name and EIN go on the form. Give every payer a new Form W-9 with these values.`,
          } satisfies Block,
        ]
      : []),
    {
      type: 'table',
      columns: [
        { title: 'Line', width: 0.7 },
        { title: 'On the form', width: 2.6 },
        { title: 'Enter', width: 4.6 },
      ],
      rows,
    },
    ...(v.tin.missing ? [{ type: 'para', text: v.tin.missing, size: 9, muted: true } satisfies Block] : []),
    { type: 'para', text: 'Only the last four digits of a Social Security number are ever printed here.', size: 9, muted: true },
    { type: 'heading', text: 'Why these values' },
    { type: 'bullets', items: v.facts },
    { type: 'heading', text: 'What our sources do not say' },
    { type: 'bullets', items: v.notVerified },
    { type: 'para', text: `Source: ${input.source.url}, checked ${longDate(input.source.checked)}.`, size: 9, muted: true },
  ];
  const bytes = await renderPdf({
    title: `Form W-9 values - ${input.businessName}`,
    subject: 'The values to enter on IRS Form W-9; not the IRS form',
    header: `Form W-9 values (not the IRS form) - ${input.businessName}`,
    footer: `Prepared by CreatorLLC for order ${input.orderNumber} on ${longDate(input.today)}. Not the IRS form.`,
    createdAt: pdfDate(input.today),
    blocks,
  });
  return { bytes, fileName: `w9-values-${slug(input.businessName, input.orderNumber)}.pdf` };
}
