import { addressLine, longDate, pdfDate, percent } from './format.ts';
import { type FormContext, type FormItem, mailingOf, resolveAgent } from './formation-forms.ts';
import type { Block, DocumentModel } from './layout.ts';
import { DATASET_CREDIT, endsWithDesignator, restrictedWords, type StateFilingFacts } from './state-data.ts';

/**
 * For a state whose formation document we do not hold in its required structure: a worksheet
 * that says so on every page and lists what the order holds, for staff to copy into the
 * state's own form. It imitates no official form.
 */

/** What the order holds, as checklist items (the cover sheet's checklist for these states). */
export function worksheetItems(ctx: FormContext): FormItem[] {
  const d = ctx.details;
  const agent = resolveAgent(ctx);
  const designator = endsWithDesignator(ctx.order.businessName, ctx.code);
  const restricted = restrictedWords(ctx.order.businessName, ctx.code);
  const nameNotes = [
    designator === false ? "The name does not end with a designator the state's rule names." : '',
    designator === undefined ? 'Check the designator against the state rule by hand.' : '',
    restricted.length ? `Contains ${restricted.map((w) => `"${w}"`).join(', ')}, which the state restricts.` : '',
  ].filter(Boolean);
  const managers = d.managers ?? [];
  const items: FormItem[] = [
    {
      heading: 'LLC name',
      label: 'LLC name',
      cite: 'Designator rule in the facts above',
      lines: [ctx.order.businessName],
      tone: nameNotes.length ? 'warn' : 'ok',
      ...(nameNotes.length ? { note: nameNotes.join(' ') } : {}),
    },
    { heading: 'Principal office', label: 'Principal office (street address)', cite: '', lines: [addressLine(d.principalOffice)], tone: 'ok' },
    { heading: 'Mailing address', label: 'Mailing address', cite: '', lines: [addressLine(mailingOf(d))], tone: 'ok' },
    { heading: 'County', label: 'County of the principal office', cite: '', lines: [d.county?.trim() || 'Not given'], tone: 'info' },
    {
      heading: 'Registered agent',
      label: 'Registered agent and registered office',
      cite: '',
      lines: agent.lines,
      tone: agent.tone,
      ...(agent.note ? { note: agent.note } : {}),
      ...(agent.blocker ? { blocker: agent.blocker } : {}),
    },
    {
      heading: 'Organizer',
      label: 'Organizer',
      cite: '',
      lines: [`${d.organizer.name} (${d.organizer.title})`, addressLine(d.organizer.address)],
      tone: 'ok',
    },
    {
      heading: 'Management',
      label: 'Management',
      cite: '',
      lines: [d.management === 'manager' ? 'Manager-managed' : 'Member-managed', ...managers.map((m) => `Manager: ${m.name}, ${addressLine(m.address)}`)],
      tone: d.management === 'manager' && !managers.length ? 'missing' : 'ok',
    },
    {
      heading: 'Members',
      label: 'Members (name, ownership, address)',
      cite: '',
      lines: d.members.map((m) => `${m.name} - ${percent(m.ownershipPercent)} - ${addressLine(m.address)}`),
      tone: 'info',
      note: 'List members on the state form only where it asks for them.',
    },
    { heading: 'Purpose', label: 'Purpose', cite: '', lines: [d.purpose], tone: 'ok' },
    { heading: 'Duration', label: 'Duration', cite: '', lines: [d.duration === 'perpetual' ? 'Perpetual' : d.duration], tone: 'ok' },
    { heading: 'Effective date', label: 'Effective date', cite: '', lines: ['Upon filing'], tone: 'ok' },
  ];
  return items;
}

export function formationWorksheet(ctx: FormContext, facts: StateFilingFacts, title: string): DocumentModel {
  const d = ctx.details;
  const banner = `Not an official form. We do not hold ${ctx.stateName}'s required structure for a formation document. File on ${ctx.stateName}'s own form${facts.filingOffice ? ` with the ${facts.filingOffice}` : ''}; this worksheet lists what the order holds.`;
  const blocks: Block[] = [
    { type: 'title', text: 'Formation worksheet (not an official form)', subtitle: [`${ctx.stateName} limited liability company`, ctx.order.businessName] },
    { type: 'notice', tone: 'warn', title: 'NOT AN OFFICIAL FORM', text: banner },
    { type: 'heading', text: `${ctx.stateName}: what our data holds` },
    { type: 'field', label: 'Filing office', value: facts.filingOffice ?? 'Not named in our data' },
    { type: 'field', label: 'Official page', value: facts.officialUrl ?? 'Not in our data' },
    { type: 'field', label: 'Name rule', value: [facts.designatorRule ?? 'Not in our data', facts.designatorCitation ?? ''].filter(Boolean) },
    { type: 'heading', text: 'What the order holds' },
  ];
  for (const item of worksheetItems(ctx)) {
    blocks.push({ type: 'field', label: item.heading, value: item.lines });
    if (item.note && item.tone !== 'ok') blocks.push({ type: 'para', text: item.note, size: 8.5, muted: true, indent: 150 });
  }
  blocks.push(
    {
      type: 'field',
      label: 'Signature',
      value: ctx.standIn?.organizer
        ? [
            `${ctx.standIn.organizer}, organizer for ${ctx.standIn.legalName}, signs when filing`,
            `Authorised electronically on ${longDate(d.signature.signedAt)}`,
          ]
        : [`/s/ ${d.signature.typedName}`, `Signed electronically on ${longDate(d.signature.signedAt)}`],
    },
    { type: 'space', size: 8 },
    { type: 'para', text: banner, size: 9, muted: true },
  );
  return {
    title,
    subject: `Formation worksheet (not an official form), ${ctx.stateName}`,
    header: `Formation worksheet - NOT AN OFFICIAL FORM - ${ctx.order.businessName} - ${ctx.code}`,
    footer: `Not an official form. Prepared by CreatorLLC for application ${ctx.order.applicationId} on ${longDate(ctx.order.paidAt)}. ${DATASET_CREDIT}`,
    createdAt: pdfDate(ctx.order.paidAt),
    blocks,
  };
}
