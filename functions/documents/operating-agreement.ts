import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { DEFAULT_PURPOSE } from '#shared/filing/facts.ts';
import { addressLine, joinNames, longDate, pdfDate, percent, slug } from './format.ts';
import { formationForm, resolveAgent } from './formation-forms.ts';
import { type Block, renderPdf } from './layout.ts';
import { stateFacts } from './state-data.ts';
import type { GeneratedDocument, Generator, OrderSummary } from './types.ts';

/**
 * A plain-language operating agreement for a creator's LLC: single- or multi-member wording,
 * member- or manager-managed, each member's ownership, and the terms a creator needs written
 * down (the LLC owns its channels, handles, accounts and content; brand-deal and sponsorship
 * income is the LLC's; what happens to accounts and content when a member leaves), with a
 * not-legal-advice notice and a signature block for every member. The terms are our own
 * default wording, meant to be reviewed and adapted.
 */
export async function operatingAgreement(order: OrderSummary, details: StoredFilingDetails): Promise<GeneratedDocument<'operating_agreement'>> {
  const code = order.filingState.trim().toUpperCase();
  const stateName = order.stateName?.trim() || stateFacts(code)?.name || code;
  const name = order.businessName;
  const members = details.members;
  const single = members.length === 1;
  const managed = details.management === 'manager';
  const managers = details.managers ?? [];
  const form = formationForm({ order, details, code, stateName });
  const formTitle = form ? form.title.replace(` of ${name}`, '').replace(name, '').trim() : 'formation document';
  const office = stateFacts(code)?.filingOffice;
  const agent = resolveAgent({ order, details, code, stateName });
  const memberWord = single ? 'the Member' : 'the Members';
  const decideBy = single ? 'the Member' : managed ? 'the Managers' : 'Members holding a majority of the ownership percentages';

  const n = (() => {
    let section = 0;
    return () => `${++section}.`;
  })();
  const clause = (num: string, text: string): Block => ({ type: 'para', text: `${num} ${text}` });

  const blocks: Block[] = [
    {
      type: 'title',
      text: `Operating Agreement of ${name}`,
      subtitle: [`A ${stateName} limited liability company`, `${single ? 'Single-member' : 'Multi-member'}, ${managed ? 'manager-managed' : 'member-managed'}`],
    },
    {
      type: 'notice',
      tone: 'warn',
      title: 'Not legal advice',
      text: [
        `CreatorLLC is not a law firm and gives no legal, tax or accounting advice. This agreement is a plain-language template filled in from the details given with the order. Have a lawyer licensed in ${stateName} review it before you rely on it, and especially before you add a member, take investment or sign a large brand deal.`,
      ],
    },
    {
      type: 'para',
      text: `This Operating Agreement (the "Agreement") is made by ${joinNames(members.map((m) => m.name))}, ${single ? 'the only member' : 'the members'} (${single ? 'the "Member"' : 'each a "Member", together the "Members"'}) of ${name} (the "Company"). It takes effect on the date the Company's ${formTitle} is filed.`,
    },

    { type: 'heading', text: `${n()} The Company` },
    clause(
      '1.1',
      `The Company is a limited liability company formed under the laws of the State of ${stateName} by filing its ${formTitle}${office ? ` with the ${office}` : ''}.`,
    ),
    clause('1.2', `Name: ${name}. Principal office: ${addressLine(details.principalOffice)}.${agent.name ? ` Registered agent: ${agent.name}.` : ''}`),
    clause(
      '1.3',
      `Purpose: ${details.purpose.trim().toLowerCase() === DEFAULT_PURPOSE.toLowerCase() ? 'any lawful business' : details.purpose}, including creating and publishing content on social media and other platforms, brand partnerships and sponsorships, and related business.`,
    ),
    clause('1.4', 'The Company lasts until it is dissolved under section 12.'),

    { type: 'heading', text: `${n()} ${single ? 'The Member' : 'Members and ownership'}` },
    single
      ? clause('2.1', `${members[0].name}, of ${addressLine(members[0].address)}, is the Company's only Member and owns 100% of it.`)
      : clause('2.1', 'The Members, their addresses and ownership percentages are:'),
  ];
  if (!single)
    blocks.push({
      type: 'table',
      columns: [
        { title: 'Member', width: 2.4 },
        { title: 'Address', width: 4 },
        { title: 'Ownership', width: 1.1 },
      ],
      rows: members.map((m) => [m.name, addressLine(m.address), percent(m.ownershipPercent)]),
    });
  blocks.push(
    clause(
      '2.2',
      single
        ? "The Member's ownership decides who receives the Company's profits and distributions."
        : "Unless this Agreement says otherwise, ownership percentages decide each Member's share of profits, losses and distributions and the weight of each Member's vote.",
    ),

    { type: 'heading', text: `${n()} Management` },
  );
  if (managed) {
    blocks.push(
      clause('3.1', `The Company is managed by its ${managers.length === 1 ? 'Manager' : 'Managers'}:`),
      { type: 'bullets', items: managers.length ? managers.map((m) => `${m.name}, ${addressLine(m.address)}`) : ['[No manager named on the order]'] },
      clause(
        '3.2',
        `The ${managers.length === 1 ? 'Manager runs' : 'Managers run'} the day-to-day business: publishing content, negotiating and signing ordinary brand deals, paying bills. ${single ? 'The Member' : 'Members holding a majority of the ownership percentages'} may appoint or remove a Manager in writing.`,
      ),
    );
  } else if (single) {
    blocks.push(clause('3.1', 'The Member manages the Company and may sign contracts and act for it.'));
  } else {
    blocks.push(
      clause(
        '3.1',
        'The Members manage the Company together. Any Member may handle ordinary business: publishing content, negotiating and signing ordinary brand deals, paying bills.',
      ),
      clause('3.2', 'Other decisions are made by Members holding a majority of the ownership percentages.'),
    );
  }
  if (!single)
    blocks.push(
      clause(
        '3.3',
        'These decisions need the written consent of all Members: admitting a new Member; selling, giving away or closing a Company Account or the Company Content as a whole; borrowing money or giving a guarantee; changing this Agreement; selling the Company or dissolving it.',
      ),
    );

  blocks.push(
    { type: 'heading', text: `${n()} Channels, handles, accounts and content` },
    clause(
      '4.1',
      'The Company owns the social media channels, handles, usernames, pages and profiles, websites and domain names, newsletters and mailing lists, podcasts, online stores and other platform accounts it creates, or that a Member transfers to it ("Company Accounts"), with their audiences and monetisation settings as far as each platform\'s terms allow.',
    ),
    clause(
      '4.2',
      `The Company owns the content made for its business by ${single ? 'the Member' : 'Members'}, managers, employees or contractors: videos, livestreams, photos, audio, posts, scripts, thumbnails, designs, logos and merchandise artwork, and the copyright and other rights in them ("Company Content"). ${single ? 'The Member assigns' : 'Each Member assigns'} to the Company the rights in Company Content ${single ? 'they create' : 'they create'} for it and will sign any document needed to confirm this.`,
    ),
    clause(
      '4.3',
      `Accounts and content ${single ? 'the Member' : 'a Member'} had before the Company was formed stay ${single ? "the Member's" : "that Member's"} unless they are listed as transferred in Schedule A.`,
    ),
    clause(
      '4.4',
      "Where a platform does not let a company own an account, or does not allow a transfer, the Member who holds the account holds it for the Company's benefit, runs it for the Company, and treats it under this Agreement as a Company Account.",
    ),
    clause(
      '4.5',
      `The Company keeps the logins and recovery methods (email, phone number, two-factor codes) of every Company Account in a password manager or other secure place that ${single ? 'the Member and the person named in Schedule A' : 'at least two Members'} can reach. No one may change them to lock the Company out.`,
    ),

    { type: 'heading', text: `${n()} Brand deals, sponsorships and other income` },
    clause(
      '5.1',
      "All income of the Company's business belongs to the Company: brand deals and sponsorships, affiliate commissions, platform ad revenue and creator-fund payouts, subscriptions and memberships, tips and gifts, licensing fees, paid appearances connected with the Company's channels, and merchandise sales.",
    ),
    clause(
      '5.2',
      `Brand-deal and sponsorship contracts are signed in the Company's name, and payments go to the Company's bank account. ${single ? 'If the Member receives' : 'A Member who receives'} such a payment personally ${single ? 'they pay' : 'pays'} it over to the Company within 10 business days.`,
    ),
    clause('5.3', "Income from work that uses no Company Account, Company Content or the Company's brand (a day job, for example) is not the Company's."),
    clause('5.4', 'The Company pays its business expenses from its own account and keeps receipts. Company money and personal money are never mixed.'),

    { type: 'heading', text: `${n()} Names, faces and voices` },
    clause(
      '6.1',
      `${single ? 'The Member keeps' : 'Each Member keeps'} the rights in their own name, likeness, voice and personal brand. While a Member, ${single ? 'the Member licenses' : 'each Member licenses'} the Company, free of charge, to use them in Company Content and to promote the Company.`,
    ),
    clause(
      '6.2',
      "After a Member leaves, the Company may keep publishing, distributing and earning from Company Content made before the leaving date, but it may not make new content with that person's name, likeness or voice, or suggest that they still endorse it, without their written consent.",
    ),

    { type: 'heading', text: `${n()} Money in and out` },
    clause(
      '7.1',
      `No Member has to put more money into the Company unless ${single ? 'the Member decides to' : 'all Members agree'}. Initial contributions are recorded in Schedule A.`,
    ),
    clause('7.2', single ? "Profits and losses are the Member's." : 'Profits and losses are shared in proportion to ownership percentages.'),
    clause(
      '7.3',
      `Distributions are decided by ${decideBy}${single ? '' : ' and paid in proportion to ownership percentages'}, and only when the Company can still pay its debts as they fall due.`,
    ),
  );

  if (single) {
    blocks.push(
      { type: 'heading', text: `${n()} If the Member can no longer act` },
      clause(
        '8.1',
        "If the Member dies or can no longer manage the Company, the Member's ownership passes to their estate or heirs, who become Members when they sign this Agreement.",
      ),
      clause(
        '8.2',
        'The person named in Schedule A may reach the logins of the Company Accounts to keep the Company running, or to wind it up, until the estate or heirs take over. They act for the Company and follow this Agreement.',
      ),
      clause('8.3', 'The Company Accounts and Company Content stay with the Company; the new Members decide whether to continue, sell or close them.'),
    );
  } else {
    blocks.push(
      { type: 'heading', text: `${n()} When a Member leaves` },
      clause(
        '8.1',
        "A Member may leave by giving the other Members 60 days' written notice. A Member also leaves on death, legal incapacity or bankruptcy, or if all other Members remove them for a serious breach of this Agreement that they have not fixed within 30 days of written notice.",
      ),
      clause(
        '8.2',
        'Company Accounts and Company Content stay with the Company. Within 10 days of leaving, the leaving Member hands over every login, recovery method and file they hold for them, and stops posting on Company Accounts.',
      ),
      clause(
        '8.3',
        'An exception for personal accounts: if a Company Account is named after the leaving Member personally (its handle is their own name or a nickname the public knows them by), the leaving Member may choose to take that account with them. Its fair value is then deducted from the buyout price in 8.4 (or paid to the Company if it is larger). The Company keeps the right to use the Company Content published on that account before the leaving date.',
      ),
      clause(
        '8.4',
        "The Company buys the leaving Member's ownership at its fair value on the leaving date, as the Members agree; if they have not agreed within 30 days, an independent appraiser they choose together sets it, and the Company and the leaving Member share the cost equally. The Company pays within 90 days, or in equal monthly payments over up to 12 months if paying at once would harm the business.",
      ),
      clause(
        '8.5',
        'Brand deals signed before the leaving date stay with the Company. Where a deal needs the leaving Member personally, they either complete their part on the agreed terms, for a fair share of its fee agreed with the Company, or the Company asks the brand to change the deal.',
      ),
      clause('8.6', 'The remaining Members continue the Company.'),
    );
  }

  blocks.push(
    { type: 'heading', text: `${n()} Transfers and new members` },
    clause(
      '9.1',
      single
        ? 'The Member may transfer all or part of their ownership; a person who receives ownership becomes a Member by signing this Agreement.'
        : 'No Member may sell, give or pledge their ownership without the written consent of all other Members. New Members join only with the consent of all Members and by signing this Agreement.',
    ),

    { type: 'heading', text: `${n()} Liability and protection` },
    clause(
      '10.1',
      `No Member or Manager is personally liable for the Company's debts only because they are a Member or Manager, as the law of ${stateName} provides.`,
    ),
    clause(
      '10.2',
      'The Company covers Members and Managers for losses from acting in good faith for the Company, except for fraud, wilful misconduct or a knowing breach of the law.',
    ),

    { type: 'heading', text: `${n()} Records, bank account and taxes` },
    clause('11.1', `The Company keeps its own bank account, books and records. ${single ? 'The Member keeps them' : 'Every Member may see them on request'}.`),
    clause(
      '11.2',
      'The Company is taxed as the tax law treats it unless the Members choose otherwise (for example by electing to be taxed as a corporation). This Agreement makes no tax election.',
    ),

    { type: 'heading', text: `${n()} Dissolution` },
    clause(
      '12.1',
      `The Company is dissolved when ${single ? 'the Member decides' : 'all Members decide'} or when the law requires it. It then pays its debts and distributes what is left ${single ? 'to the Member' : 'in proportion to ownership percentages'}. Company Accounts and Company Content are sold, transferred or closed as ${single ? 'the Member decides' : 'the Members agree'}; an account named after a Member personally goes to that Member.`,
    ),

    { type: 'heading', text: `${n()} General` },
    clause(
      '13.1',
      `This Agreement is governed by the laws of the State of ${stateName}. It is the whole agreement about the Company and can be changed only in writing signed by ${single ? 'the Member' : 'all Members'}.`,
    ),
    clause('13.2', 'If part of this Agreement is invalid, the rest still applies. It may be signed electronically and in counterparts.'),
  );
  if (!single) blocks.push(clause('13.3', 'If the Members disagree, they first try to settle it by talking, then by mediation, before going to court.'));

  blocks.push({ type: 'heading', text: 'Signatures' }, { type: 'para', text: single ? 'Signed by the Member:' : 'Signed by every Member:' });
  for (const m of members) blocks.push({ type: 'signature', name: m.name, caption: `${single ? 'Sole member' : 'Member'} - ${percent(m.ownershipPercent)}` });
  const memberNames = new Set(members.map((m) => m.name.trim().toLowerCase()));
  const outsideManagers = managed ? managers.filter((m) => !memberNames.has(m.name.trim().toLowerCase())) : [];
  if (outsideManagers.length) {
    blocks.push({ type: 'para', text: 'Accepted by the Managers who are not Members:' });
    for (const m of outsideManagers) blocks.push({ type: 'signature', name: m.name, caption: 'Manager' });
  }

  // The accounts the customer listed on the form; an order from before the form asked lists the wizard's platforms.
  const accounts = details.companyAccounts ?? order.platforms.map((platform) => ({ platform, handle: undefined }));
  blocks.push(
    { type: 'pageBreak' },
    { type: 'heading', text: 'Schedule A: members, contributions and Company Accounts' },
    {
      type: 'table',
      columns: [
        { title: 'Member', width: 2.2 },
        { title: 'Address', width: 3.6 },
        { title: 'Ownership', width: 1 },
        { title: 'Initial contribution', width: 1.6 },
      ],
      rows: members.map((m) => [m.name, addressLine(m.address), percent(m.ownershipPercent), m.contribution ?? '']),
    },
    { type: 'para', text: `Company Accounts (section 4), including accounts ${memberWord} transfer${single ? 's' : ''} to the Company:` },
    {
      type: 'table',
      columns: [
        { title: 'Platform', width: 1.6 },
        { title: 'Handle or address', width: 3 },
        { title: 'Held by', width: 2 },
        { title: 'Transferred by a Member?', width: 1.8 },
      ],
      rows: [
        ...accounts.map((a) => [a.platform, a.handle ?? ' ', ' ', ' ']),
        ...Array.from({ length: Math.max(2, 6 - accounts.length) }, () => [' ', ' ', ' ', ' ']),
      ],
    },
  );
  if (single)
    blocks.push({
      type: 'field',
      label: 'Person who may reach the logins if the Member cannot act (8.2)',
      value: 'Name: ______________________   Contact: ______________________',
    });

  const bytes = await renderPdf({
    title: `Operating Agreement of ${name}`,
    subject: `Operating agreement, ${stateName} limited liability company`,
    header: `Operating Agreement of ${name}`,
    footer: `Not legal advice. Template prepared by CreatorLLC for application ${order.applicationId} on ${longDate(order.paidAt)}; review it with a lawyer.`,
    createdAt: pdfDate(order.paidAt),
    blocks,
  });
  return {
    kind: 'operating_agreement',
    title: `Operating Agreement of ${name}`,
    fileName: `${code.toLowerCase()}-operating-agreement-${slug(name, order.applicationId)}.pdf`,
    bytes,
  };
}

/** The operating agreement as the registry writes it (./generators.ts): nothing it needs can be missing. */
export const operatingAgreementDocument: Generator = async (order, details) => ({
  documents: [await operatingAgreement(order, details)],
  problems: [],
  blockers: [],
});
