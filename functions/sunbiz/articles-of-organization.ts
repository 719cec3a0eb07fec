import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { StaffApplication } from '#shared/staff/applications.ts';
import { findStatePricing } from '#shared/states.ts';
import { SUNBIZ_FONTS } from './fonts.ts';

/**
 * The Florida Division of Corporations (Sunbiz) Articles of Organization data for one LLC,
 * laid out as a filing worksheet (Florida Statutes chapter 605): name, addresses, registered
 * agent, the person authorised to sign, effective date and the state filing fee.
 */
const REGISTERED_AGENT = {
  name: 'CreatorLLC Registered Agent Services',
  address: 'Florida registered office address on file with the Division of Corporations',
} as const;

export interface ArticlesData {
  llcName: string;
  principalAddress: string;
  mailingAddress: string;
  registeredAgent: { name: string; address: string };
  authorizedPerson: { name: string; title: string; email: string; phone: string };
  effectiveDate: string;
  filingFeeUsd: number;
  applicationId: string;
  preparedAt: string;
}

const NOT_PROVIDED = 'Not provided in the application (to be confirmed with the customer before filing)';

/** Florida requires "LLC", "L.L.C." or "Limited Liability Company" in the name. */
function floridaLlcName(businessName: string): string {
  const name = businessName.trim() || 'Unnamed';
  return /\b(l\.?l\.?c\.?|limited liability company)$/i.test(name) ? name : `${name} LLC`;
}

export function articlesDataFor(app: StaffApplication & { principalAddress?: string; mailingAddress?: string }, now = new Date()): ArticlesData {
  const person = `${app.firstName} ${app.lastName}`.trim() || 'Authorized representative';
  const principal = app.principalAddress?.trim() || NOT_PROVIDED;
  return {
    llcName: floridaLlcName(app.businessName),
    principalAddress: principal,
    mailingAddress: app.mailingAddress?.trim() || (app.principalAddress?.trim() ? 'Same as principal address' : NOT_PROVIDED),
    registeredAgent: { ...REGISTERED_AGENT },
    authorizedPerson: { name: person, title: 'Authorized Representative (AR)', email: app.email, phone: app.phone },
    effectiveDate: 'Upon filing with the Florida Department of State',
    filingFeeUsd: findStatePricing('FL')?.filingFee ?? 125,
    applicationId: app.id,
    preparedAt: now.toISOString().slice(0, 10),
  };
}

/** Standard fonts use WinAnsi: replace what they cannot draw rather than fail. */
function printable(s: string): string {
  return s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function buildArticlesPdf(data: ArticlesData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Articles of Organization - ${printable(data.llcName)}`);
  doc.setSubject('Florida Limited Liability Company - Articles of Organization (Sunbiz filing data)');
  doc.setProducer('CreatorLLC');
  doc.setCreationDate(new Date(`${data.preparedAt}T00:00:00Z`));
  const regular = await doc.embedFont(SUNBIZ_FONTS.regular);
  const bold = await doc.embedFont(SUNBIZ_FONTS.bold);
  const page: PDFPage = doc.addPage([612, 792]);
  const margin = 56;
  const width = 612 - margin * 2;
  let y = 792 - margin;
  const text = (s: string, font: PDFFont, size: number, color = rgb(0.1, 0.12, 0.2)) => {
    for (const l of wrap(s, font, size, width)) {
      page.drawText(l, { x: margin, y, size, font, color });
      y -= size + 4;
    }
  };

  text('ARTICLES OF ORGANIZATION', bold, 18);
  text('Florida Limited Liability Company', regular, 12);
  text('Florida Department of State, Division of Corporations (Sunbiz) - Florida Statutes Chapter 605', regular, 9, rgb(0.35, 0.38, 0.45));
  y -= 10;

  const sections: [string, string[]][] = [
    ['Article I - Name', [data.llcName]],
    ['Article II - Principal and mailing address', [`Principal office: ${data.principalAddress}`, `Mailing address: ${data.mailingAddress}`]],
    [
      'Article III - Registered agent and registered office',
      [
        data.registeredAgent.name,
        data.registeredAgent.address,
        'The registered agent accepts the appointment and is familiar with the obligations of the position.',
      ],
    ],
    [
      'Article IV - Person authorized to manage / sign',
      [
        `${data.authorizedPerson.title}: ${data.authorizedPerson.name}`,
        `Email: ${data.authorizedPerson.email || 'not provided'}   Phone: ${data.authorizedPerson.phone || 'not provided'}`,
      ],
    ],
    ['Article V - Effective date', [data.effectiveDate]],
    ['Filing fee', [`$${data.filingFeeUsd} (Articles of Organization and registered agent designation, payable to the Florida Department of State)`]],
  ];
  for (const [heading, lines] of sections) {
    page.drawLine({ start: { x: margin, y: y + 6 }, end: { x: margin + width, y: y + 6 }, thickness: 0.5, color: rgb(0.8, 0.82, 0.88) });
    y -= 8;
    text(heading, bold, 11, rgb(0.26, 0.22, 0.79));
    for (const l of lines) text(l, regular, 11);
    y -= 8;
  }
  y -= 16;
  text(`Signature of authorized representative: ______________________________   Date: ____________`, regular, 10);
  y -= 20;
  text(`Prepared by CreatorLLC on ${data.preparedAt} for application ${data.applicationId}.`, regular, 8, rgb(0.45, 0.48, 0.55));
  return doc.save();
}
