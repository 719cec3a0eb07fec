import { pdfFlatText } from '../../tests/documents/pdf-text.ts';
import { address, detailsFor, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { operatingAgreement, orderDocuments } from './index.ts';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A signature block: the name under the line, then its capacity. */
const signatureBlock = (name: string, caption: string) => new RegExp(`${esc(name)} ${esc(caption)}`);

describe('operating agreement', () => {
  it('comes with the add-on and names every member with their percentage', async () => {
    const members = [
      { name: 'Jordan Rivera', address: address('1200 Ocean Drive', 'Austin', 'TX', '78701'), ownershipPercent: 50 },
      { name: 'Sam Okafor', address: address('45 Palm Lane', 'Austin', 'TX', '78701'), ownershipPercent: 33.33 },
      { name: 'Lee Park', address: address('8 Hill Road', 'Dallas', 'TX', '75201'), ownershipPercent: 16.67 },
    ];
    const order = orderFor('TX', { addOns: { expeditedFiling: false, feinFiling: false, operatingAgreement: true } });
    const { documents } = await orderDocuments(order, detailsFor('TX', { members }), ourAgentIn('TX'));
    const agreement = documents.find((d) => d.kind === 'operating_agreement');
    expect(agreement?.title).toBe('Operating Agreement of Bright Pixel Studios TX LLC');
    expect(agreement?.fileName).toBe('tx-operating-agreement-bright-pixel-studios-tx-llc.pdf');

    const text = await pdfFlatText(agreement!.bytes);
    expect(text).toContain('Multi-member, member-managed');
    for (const [name, pct] of [
      ['Jordan Rivera', '50%'],
      ['Sam Okafor', '33.33%'],
      ['Lee Park', '16.67%'],
    ]) {
      expect(text).toContain(`${name} ${members.find((m) => m.name === name)!.address.line1}`);
      expect(text).toContain(pct);
      expect(text).toMatch(signatureBlock(name, `Member - ${pct}`));
    }
    expect(text).toContain('Not legal advice');
    expect(text).toContain('CreatorLLC is not a law firm');
    // What a creator needs written down.
    expect(text).toContain('The Company owns the social media channels, handles, usernames');
    expect(text).toContain("All income of the Company's business belongs to the Company: brand deals and sponsorships");
    expect(text).toContain('When a Member leaves');
    expect(text).toContain('Company Accounts and Company Content stay with the Company');
    expect(text).toContain('laws of the State of Texas');
    expect(text).toContain('Certificate of Formation');
  });

  it("lists in Schedule A each member's contribution and the Company Accounts the creator gave", async () => {
    const details = detailsFor('WY', {
      members: [
        { name: 'Jordan Rivera', address: address('1200 Ocean Drive', 'Cheyenne', 'WY', '82001'), ownershipPercent: 60, contribution: '$1,500 cash' },
        { name: 'Sam Okafor', address: address('45 Palm Lane', 'Cheyenne', 'WY', '82001'), ownershipPercent: 40, contribution: 'Sony A7 camera and lights' },
      ],
      companyAccounts: [
        { platform: 'YouTube', handle: '@brightpixel' },
        { platform: 'TikTok', handle: '@brightpixel.clips' },
      ],
    });
    const text = await pdfFlatText((await operatingAgreement(orderFor('WY'), details)).bytes);
    const schedule = text.slice(text.indexOf('Schedule A: members, contributions and Company Accounts'));
    expect(schedule).toMatch(/Jordan Rivera .*60% \$1,500 cash/);
    expect(schedule).toMatch(/Sam Okafor .*40% Sony A7 camera and lights/);
    expect(schedule).toContain('YouTube @brightpixel');
    expect(schedule).toContain('TikTok @brightpixel.clips');
    // An order saved before the form asked: the wizard's platforms, handles left to write in.
    const older = await pdfFlatText((await operatingAgreement(orderFor('WY', { platforms: ['Instagram', 'Twitch'] }), detailsFor('WY'))).bytes);
    const olderSchedule = older.slice(older.indexOf('Schedule A'));
    expect(olderSchedule).toContain('Instagram');
    expect(olderSchedule).toContain('Twitch');
  });

  it('uses single-member wording for one member', async () => {
    const one = detailsFor('WY', {
      members: [{ name: 'Jordan Rivera', address: address('1200 Ocean Drive', 'Cheyenne', 'WY', '82001'), ownershipPercent: 100 }],
    });
    const text = await pdfFlatText((await operatingAgreement(orderFor('WY'), one)).bytes);
    expect(text).toContain('Single-member, member-managed');
    expect(text).toContain("is the Company's only Member and owns 100% of it");
    expect(text).toContain('If the Member can no longer act');
    expect(text).toMatch(signatureBlock('Jordan Rivera', 'Sole member - 100%'));
    expect(text).not.toContain('When a Member leaves');
  });

  it('names the managers of a manager-managed LLC and has a manager who is not a member accept it', async () => {
    const manager = { name: 'Avery Chen', address: address('77 Lake Road', 'Las Vegas', 'NV', '89101') };
    const text = await pdfFlatText((await operatingAgreement(orderFor('NV'), detailsFor('NV', { management: 'manager', managers: [manager] }))).bytes);
    expect(text).toContain('Multi-member, manager-managed');
    expect(text).toContain('The Company is managed by its Manager');
    expect(text).toContain('Avery Chen, 77 Lake Road, Las Vegas, NV 89101');
    expect(text).toContain('Accepted by the Managers who are not Members');
    expect(text).toMatch(signatureBlock('Avery Chen', 'Manager'));
  });

  it('does not name a registered agent it was not given', async () => {
    const text = await pdfFlatText((await operatingAgreement(orderFor('DE'), detailsFor('DE'))).bytes);
    expect(text).not.toContain('Registered agent:');
    expect(text).toContain('Certificate of Formation with the Delaware Division of Corporations');
  });
});
