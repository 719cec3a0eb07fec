import { addOnsOf, addOnWords } from '#shared/catalog/catalog.ts';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { keepsOwnersOffRecord } from '#shared/filing/facts.ts';
import { ourAddressAllowed, ourOrganizerAllowed, privacyFilingUnavailableReason } from '#shared/filing/privacy.ts';
import type { DocumentBlocker } from '#shared/orders/document-blockers.ts';
import { type ExpediteTier, type Processing, processingFor } from '#shared/state-facts/processing-times.ts';
import { addressLine, longDate, monthName, pdfDate, slug, usd } from './format.ts';
import { type FormationForm, type FormContext, type FormItem, formationForm, mailingOf, NY_PUBLICATION, resolveAgent } from './formation-forms.ts';
import { formationWorksheet, worksheetItems } from './formation-worksheet.ts';
import { type Block, type DocumentModel, renderPdf } from './layout.ts';
import { DATASET_CREDIT, filingFee, type StateFilingFacts, stateFacts } from './state-data.ts';
import type { FilingDocumentKind, FilingPacket, GeneratedDocument, OrderSummary, OurPrivacyFiling, OurRegisteredAgent } from './types.ts';

/**
 * The documents staff file an order with: a cover sheet (filing office, fee, expedite tier,
 * the state's form and a checklist of what the state requires with the order's values), then
 * the formation document in the state's structure, or for a state whose structure we do not
 * hold, a clearly labelled worksheet. Pure: bytes in memory, nothing stored.
 */
export async function filingPacket(
  order: OrderSummary,
  details: StoredFilingDetails,
  ourAgent?: OurRegisteredAgent | null,
  ourPrivacy?: OurPrivacyFiling | null,
): Promise<FilingPacket> {
  const code = order.filingState.trim().toUpperCase();
  const facts = stateFacts(code);
  if (!facts) throw new Error(`No filing facts for state "${order.filingState}"`);
  const stateName = order.stateName?.trim() || facts.name;
  const privacy = privacyFiling(code, stateName, details, ourPrivacy);
  const ctx: FormContext = {
    order,
    details: privacy.filed,
    code,
    stateName,
    ...(ourAgent ? { ourAgent } : {}),
    ...(privacy.standIn ? { standIn: privacy.standIn } : {}),
  };
  const form = formationForm(ctx);
  const items = [...(form ? form.items : worksheetItems(ctx)), ...privacy.items];
  const problems = problemsOf(ctx, items, form);
  const blockers = items.filter((i) => i.tone === 'missing').map(blockerOf);
  const nameSlug = slug(order.businessName, order.applicationId);
  const lower = code.toLowerCase();

  const documents: GeneratedDocument<FilingDocumentKind>[] = [];
  const coverTitle = `Staff cover sheet - ${stateName} filing for ${order.businessName}`;
  documents.push({
    kind: 'cover_sheet',
    title: coverTitle,
    fileName: `${lower}-cover-sheet-${nameSlug}.pdf`,
    bytes: await renderPdf(coverSheet(ctx, facts, form, items, problems, coverTitle)),
  });
  if (form) {
    const title = form.title.includes(order.businessName) ? form.title : `${form.title} - ${order.businessName}`;
    documents.push({
      kind: 'formation',
      title,
      fileName: `${lower}-${slug(form.title.replace(order.businessName, '').replace(/\s+of\s*$/, ''), 'formation')}-${nameSlug}.pdf`,
      bytes: await renderPdf(formationDocument(ctx, form, title)),
    });
  } else {
    const title = `Formation worksheet (not an official form) - ${order.businessName}`;
    documents.push({
      kind: 'formation_worksheet',
      title,
      fileName: `${lower}-formation-worksheet-${nameSlug}.pdf`,
      bytes: await renderPdf(formationWorksheet(ctx, facts, title)),
    });
  }
  return { documents, problems, blockers };
}

/**
 * The privacy filing (shared/filing/privacy.ts, docs/decisions/0411): where the order chose it and
 * the state data allows it, the details the formation document prints carry our address as the
 * principal office and mailing address, and our organizer (at our address) where the state allows
 * an organizer who is not a member. The customer's own addresses stay on the order for the IRS and
 * the operating agreement. Chosen without our setting, or where the data does not allow it: a
 * missing item, so nothing is stored until staff settle it.
 */
function privacyFiling(
  code: string,
  stateName: string,
  details: StoredFilingDetails,
  ours: OurPrivacyFiling | null | undefined,
): { filed: StoredFilingDetails; standIn?: FormContext['standIn']; items: FormItem[] } {
  if (!details.useOurAddress) return { filed: details, items: [] };
  const label = 'Our address on the filing (privacy)';
  if (!ourAddressAllowed(code))
    return {
      filed: details,
      items: [
        {
          heading: '',
          label,
          cite: '',
          lines: [],
          tone: 'missing',
          checklistOnly: true,
          blocker: 'privacy_filing_unavailable',
          note: privacyFilingUnavailableReason(code),
        },
      ],
    };
  if (!ours)
    return {
      filed: details,
      items: [
        {
          heading: '',
          label,
          cite: '',
          lines: [],
          tone: 'missing',
          checklistOnly: true,
          blocker: 'privacy_filing_not_configured',
          note: `The customer chose our address on the ${stateName} filing, and the operator settings hold no privacy address and organizer (or no legal name): add them in Settings, or ask the customer to file with their own address.`,
        },
      ],
    };
  const organizer = ourOrganizerAllowed(code);
  const { mailingAddress: _own, ...rest } = details;
  const filed: StoredFilingDetails = {
    ...rest,
    principalOffice: ours.address,
    organizer: organizer ? { name: ours.organizer, title: 'Organizer', address: ours.address } : { ...details.organizer, address: ours.address },
  };
  return {
    filed,
    standIn: { legalName: ours.legalName, ...(organizer ? { organizer: ours.organizer } : {}) },
    items: [
      {
        heading: '',
        label,
        cite: 'shared/data/owner-anonymity.json (dataset: anonymous_llc_available)',
        lines: [
          `Principal office and mailing address: ${addressLine(ours.address)} (${ours.legalName})`,
          organizer ? `Organizer: ${ours.organizer}, for ${ours.legalName}` : "Organizer: the customer's, at our address",
        ],
        tone: 'info',
        checklistOnly: true,
        note: `The customer chose privacy: their home and their name stay off the ${stateName} filing. Our data does not say whether ${stateName} requires a physical principal office: check the state's form before filing.`,
      },
    ],
  };
}

/** A missing item as staff are told it: what kind of fix, which value, and why. */
function blockerOf(item: FormItem): DocumentBlocker {
  return { code: item.blocker ?? 'value_missing', field: item.label, reason: item.note ?? `${item.label} is not on the order` };
}

function problemsOf(ctx: FormContext, items: FormItem[], form: FormationForm | undefined): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.tone === 'missing') out.push(`Missing: ${item.label}${item.note ? ` - ${item.note}` : ''}`);
    else if (item.tone === 'warn') out.push(`Check: ${item.label}${item.note ? ` - ${item.note}` : ''}`);
  }
  const expedite = expediteStatus(processingFor(ctx.code));
  if (ctx.order.addOns.expeditedFiling && expedite !== 'offered')
    out.push(
      expedite === 'not-offered'
        ? `Check: expedited filing was ordered, and ${ctx.stateName} sells no expedited service.`
        : expedite === 'not-for-llc-formation'
          ? `Check: expedited filing was ordered, and ${ctx.stateName} does not sell expedited service for an LLC formation.`
          : `Check: expedited filing was ordered, and we do not know whether ${ctx.stateName} sells it.`,
    );
  if (!form) out.push(`Check: ${ctx.stateName} has no formation document in our set; file on the state's own form using the worksheet.`);
  return out;
}

type ExpediteStatus = 'offered' | 'not-offered' | 'not-for-llc-formation' | 'unknown';

function expediteStatus(p: Processing | undefined): ExpediteStatus {
  if (!p || p.expediteStatus === 'not-researched') return 'unknown';
  if (p.expediteStatus === 'offered') return p.expedite.length ? 'offered' : 'unknown';
  return p.expediteStatus;
}

function tierFee(t: ExpediteTier): string {
  if (t.fee !== undefined) return usd(t.fee);
  if (t.feeMin !== undefined && t.feeMax !== undefined) return `${usd(t.feeMin)} to ${usd(t.feeMax)} (by document)`;
  return 'not published';
}

function processingBlocks(ctx: FormContext): Block[] {
  const p = processingFor(ctx.code);
  const blocks: Block[] = [{ type: 'heading', text: ctx.order.addOns.expeditedFiling ? 'Processing: expedited filing ordered' : 'Processing: standard' }];
  const status = expediteStatus(p);
  const source = p ? `Source: ${p.source.url} (verified ${longDate(p.source.verifiedAt)}).` : 'Source: not in our data.';
  if (ctx.order.addOns.expeditedFiling) {
    if (p && status === 'offered') {
      blocks.push({
        type: 'para',
        text: `${ctx.stateName}'s expedite tiers for an LLC formation (state fees, on top of the filing fee). Choose the tier the customer's timing needs:`,
      });
      blocks.push({
        type: 'table',
        columns: [
          { title: 'Tier', width: 2.1 },
          { title: 'Turnaround', width: 3 },
          { title: 'State fee', width: 1.3 },
          { title: 'Cut-off and channels', width: 2.6 },
        ],
        rows: p.expedite.map((t) => [
          t.name,
          t.turnaround ?? 'not stated',
          tierFee(t),
          [t.cutoff?.replace(/\.$/, ''), t.channels?.length ? `Channels: ${t.channels.join(', ')}` : ''].filter(Boolean).join('. ') || '-',
        ]),
      });
      const notes: string[] = [];
      if (p.feeIsPerDocument) notes.push('The expedite fee is charged per document.');
      if (p.chargedIfRejected) notes.push('The state keeps the expedite fee even if it rejects the filing.');
      notes.push(...p.notes.filter((n) => !/^Processing times are/.test(n)), source);
      blocks.push({ type: 'para', text: notes.join(' '), size: 9, muted: true });
    } else {
      const text =
        status === 'not-offered'
          ? `${ctx.stateName} does not sell expedited service. File by the standard route and tell the customer.`
          : status === 'not-for-llc-formation'
            ? `${ctx.stateName} sells expedited service, but not for an LLC formation. File by the standard route and tell the customer.`
            : `Our data does not say whether ${ctx.stateName} sells expedited service for an LLC formation: check the state's page.`;
      blocks.push({ type: 'notice', tone: 'warn', title: 'Expedited filing was ordered', text: [text, source] });
    }
  } else blocks.push({ type: 'para', text: 'Expedited filing was not ordered: file by the standard route.' });
  if (p?.standard)
    blocks.push({
      type: 'para',
      text: `Standard processing, in the state's words${p.standard.observedOn ? ` as observed on ${longDate(p.standard.observedOn)}` : ''} (an observation, not a promise): "${p.standard.statement ?? p.standard.text}" (${p.standard.sourceUrl})`,
      size: 9,
      muted: true,
    });
  return blocks;
}

function coverSheet(
  ctx: FormContext,
  facts: StateFilingFacts,
  form: FormationForm | undefined,
  items: FormItem[],
  problems: string[],
  title: string,
): DocumentModel {
  const { order, details } = ctx;
  const fee = filingFee(ctx.code);
  // Every add-on the order bought, in the catalog's words (shared/catalog/entries.ts).
  const addOns = addOnsOf(order.addOns).map((e) => addOnWords(e.key, order));
  const blocks: Block[] = [
    {
      type: 'title',
      text: `Staff cover sheet: ${ctx.stateName} LLC formation`,
      subtitle: [order.businessName, 'For CreatorLLC staff. Not for filing with the state.'],
    },
  ];
  if (problems.length)
    blocks.push({ type: 'notice', tone: 'warn', title: `Before filing: ${problems.length} item${problems.length === 1 ? '' : 's'} to settle`, text: problems });
  blocks.push(
    { type: 'heading', text: 'Order' },
    { type: 'field', label: 'Application', value: order.applicationId },
    { type: 'field', label: 'Business name', value: order.businessName },
    { type: 'field', label: 'Filing state', value: `${ctx.stateName} (${ctx.code})` },
    { type: 'field', label: 'Paid', value: longDate(order.paidAt) },
    {
      type: 'field',
      label: 'Customer',
      value: [`${order.contact.firstName} ${order.contact.lastName}`.trim(), [order.contact.email, order.contact.phone].filter(Boolean).join(' - ')],
    },
    { type: 'field', label: 'Add-ons', value: addOns.length ? addOns.join(', ') : 'None' },
    { type: 'heading', text: 'Filing office and fee' },
    { type: 'field', label: 'Filing office', value: facts.filingOffice ?? 'Not named in our data: see the official page' },
    { type: 'field', label: 'Official page', value: facts.officialUrl ?? 'Not in our data' },
    {
      type: 'field',
      label: 'State filing fee',
      value: [
        fee === undefined ? 'Not in our data' : usd(fee),
        facts.feeSourceUrl ? `Source: ${facts.feeSourceUrl}${facts.feeLastVerified ? ` (verified ${longDate(facts.feeLastVerified)})` : ''}` : '',
      ].filter(Boolean),
    },
    ...processingBlocks(ctx),
    { type: 'heading', text: 'Form' },
    {
      type: 'field',
      label: 'Formation document',
      value: form ? form.formName : `No form structure on file for ${ctx.stateName}: the packet holds a formation worksheet (not an official form).`,
    },
  );
  if (form?.formUrl) blocks.push({ type: 'field', label: 'Official page', value: form.formUrl });
  if (form) blocks.push({ type: 'field', label: 'Statutes', value: form.statutes });
  else if (facts.designatorCitation)
    blocks.push({ type: 'field', label: 'Name statute', value: [facts.designatorCitation, facts.namingStatuteUrl ?? ''].filter(Boolean) });

  blocks.push({ type: 'heading', text: `Checklist: what ${ctx.stateName} requires, with the order's values` });
  for (const item of items) blocks.push(checkBlock(item));
  blocks.push(...signatureChecks(ctx, form));
  for (const note of form?.coverNotes ?? []) blocks.push({ type: 'notice', tone: note.tone, title: note.title, text: note.text });
  if (ctx.code === 'NY' && !form) blocks.push({ type: 'notice', tone: 'warn', title: 'Publication requirement (New York)', text: [NY_PUBLICATION] });

  blocks.push(
    { type: 'heading', text: 'Members and management on the order' },
    {
      type: 'para',
      text: keepsOwnersOffRecord(ctx.code)
        ? `For staff reference: ${ctx.stateName} keeps owners' names off the formation document.`
        : 'For staff reference: only what the checklist shows goes on the formation document.',
      size: 9,
      muted: true,
    },
    {
      type: 'table',
      columns: [
        { title: 'Member', width: 2.4 },
        { title: 'Ownership', width: 1 },
        { title: 'Address', width: 4 },
      ],
      rows: details.members.map((m) => [m.name, `${Number(m.ownershipPercent.toFixed(2))}%`, addressLine(m.address)]),
    },
    { type: 'field', label: 'Management', value: details.management === 'manager' ? 'Manager-managed' : 'Member-managed' },
  );
  if (details.managers?.length) blocks.push({ type: 'field', label: 'Managers', value: details.managers.map((m) => `${m.name}, ${addressLine(m.address)}`) });
  if (details.ein)
    blocks.push({ type: 'field', label: 'EIN', value: `Fiscal year ends in ${monthName(details.ein.fiscalYearEndMonth)}; see the EIN worksheet.` });

  return {
    title,
    subject: `CreatorLLC staff cover sheet for the ${ctx.stateName} formation of ${order.businessName}`,
    header: `Staff cover sheet - ${order.businessName} - ${ctx.code}`,
    footer: `Prepared by CreatorLLC for application ${order.applicationId} on ${longDate(order.paidAt)}. ${DATASET_CREDIT}`,
    createdAt: pdfDate(order.paidAt),
    blocks,
  };
}

function checkBlock(item: FormItem): Block {
  return {
    type: 'check',
    tone: item.tone,
    label: item.label,
    value: item.lines,
    ...(item.note ? { note: item.note } : {}),
    ...(item.cite ? { cite: item.cite } : {}),
  };
}

function signatureChecks(ctx: FormContext, form: FormationForm | undefined): Block[] {
  const s = ctx.details.signature;
  const ours = ctx.standIn?.organizer;
  const blocks: Block[] = [
    {
      type: 'check',
      tone: s.consent ? 'ok' : 'missing',
      label: form ? `Signature: ${form.execution.signers[0]?.caption ?? 'organizer'}` : 'Signature of the organizer',
      value: ours
        ? [`${ours} signs for ${ctx.standIn?.legalName} before filing`, `Authorised by the customer: /s/ ${s.typedName} on ${longDate(s.signedAt)}`]
        : [`/s/ ${s.typedName}`, `Signed electronically on ${longDate(s.signedAt)}`],
      ...(form ? { cite: form.execution.cite } : {}),
    },
  ];
  if (form?.agentAcceptance) {
    const agent = resolveAgent(ctx);
    blocks.push({
      type: 'check',
      tone: agent.kind === 'ours' && agent.tone === 'ok' ? 'info' : 'warn',
      label: form.agentAcceptance.heading,
      value: [agent.name ?? '[registered agent]'],
      note:
        agent.kind === 'ours'
          ? 'Our registered agent signs before filing.'
          : "The customer's own agent must sign: the order records only the customer's statement that the agent agreed.",
      cite: form.agentAcceptance.cite,
    });
  }
  return blocks;
}

/**
 * The company's addresses and the organizer as entered, after the signatures: the contact a
 * filing office writes to. Not one of the state's required items (the cover sheet's checklist
 * lists those), so it is set apart from them.
 */
function contactBlocks(ctx: FormContext): Block[] {
  const d = ctx.details;
  const c = ctx.order.contact;
  return [
    { type: 'space', size: 4 },
    { type: 'heading', text: 'Contact for this filing' },
    { type: 'para', text: 'Not one of the items the state requires: where the filing office can reach the company.', size: 8.5, muted: true },
    { type: 'field', label: 'Company', value: ctx.order.businessName },
    { type: 'field', label: 'Principal office', value: addressLine(d.principalOffice) },
    { type: 'field', label: 'Mailing address', value: addressLine(mailingOf(d)) },
    { type: 'field', label: 'Organizer', value: [`${d.organizer.name}, ${d.organizer.title}`, addressLine(d.organizer.address)] },
    // A privacy filing gives the state our address only: the customer's email and phone stay off it.
    ...(ctx.standIn ? [] : [{ type: 'field' as const, label: 'Email and phone', value: [c.email, c.phone].filter(Boolean).join(' - ') || 'Not given' }]),
  ];
}

function formationDocument(ctx: FormContext, form: FormationForm, title: string): DocumentModel {
  const blocks: Block[] = [{ type: 'title', text: form.title, subtitle: form.subtitle }];
  if (form.preamble) blocks.push({ type: 'para', text: form.preamble });
  for (const item of form.items) {
    if (item.checklistOnly || !item.heading) continue;
    blocks.push({ type: 'subheading', text: item.heading });
    if (item.statement) blocks.push({ type: 'para', text: item.statement });
    blocks.push({ type: 'para', text: item.lines.join('\n'), indent: 14, bold: item.label === 'LLC name' });
  }
  if (form.agentAcceptance) {
    const a = form.agentAcceptance;
    blocks.push({ type: 'space', size: 6 }, { type: 'subheading', text: a.heading }, { type: 'para', text: a.statement }, { type: 'signature', ...a.signer });
  }
  blocks.push({ type: 'space', size: 6 }, { type: 'subheading', text: form.execution.heading }, { type: 'para', text: form.execution.statement });
  for (const s of form.execution.signers) blocks.push({ type: 'signature', ...s });
  for (const line of form.execution.extra ?? []) blocks.push({ type: 'para', text: line, size: 9, muted: true });
  blocks.push(...contactBlocks(ctx));
  for (const f of form.footnotes ?? []) blocks.push({ type: 'para', text: f, size: 8.5, muted: true });
  return {
    title,
    subject: `${form.formName}, ${ctx.stateName}`,
    header: `${form.title.includes(ctx.order.businessName) ? form.title : `${form.title} - ${ctx.order.businessName}`}`,
    footer: `Prepared by CreatorLLC from application ${ctx.order.applicationId}.`,
    createdAt: pdfDate(ctx.order.paidAt),
    blocks,
  };
}
