import { Heading, Link, Text } from '@react-email/components';
import { writtenDate } from '#shared/written-date.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * The S-corporation election's emails (docs/decisions/0432): no IRS answer by its due date (the
 * line to call, the late-election steps), and the payers to give the new W-9 once the CP261 is recorded.
 */
type Props<K extends keyof EmailPayloads> = EmailPayloads[K] & { link?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');
const small = { ...text, color: '#52525b', fontSize: '13px' };
const llc = (businessName: string) => businessName || 'your LLC';

export const electionOverdueSubject = (p: EmailPayloads['election_overdue']) =>
  `No IRS answer to the S-corporation election for ${llc(p.businessName)}: call the IRS`;

export function ElectionOverdueEmail(p: Props<'election_overdue'>) {
  return (
    <Layout preview={p.headline}>
      <Heading style={heading}>{p.headline}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        The IRS should have answered the S-corporation election (Form 2553) for {llc(p.businessName)} by {writtenDate(p.dueOn)}, and we have no acceptance
        letter recorded. What to do:
      </Text>
      <ul>
        {p.detail.map((line) => (
          <li key={line} style={text}>
            {line}
          </li>
        ))}
      </ul>
      <Text style={text}>When the letter (CP261) arrives, record it on your order page: the election then shows as in effect.</Text>
      <Text style={small}>
        Source: <Link href={p.sourceUrl}>{p.sourceName}</Link>. This is not tax advice.
      </Text>
      <OrderButton link={p.link} label="Open your order" />
    </Layout>
  );
}

export const w9UpdateSubject = (p: EmailPayloads['w9_update']) =>
  `Give your payers a new W-9: ${llc(p.businessName)} is taxed as an S corporation from ${writtenDate(p.effectiveOn)}`;

export function W9UpdateEmail(p: Props<'w9_update'>) {
  return (
    <Layout preview={`Update your W-9 with ${p.payers.length === 1 ? 'one payer' : `${p.payers.length} payers`}`}>
      <Heading style={heading}>Update your W-9 with your payers</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        The S-corporation election of {llc(p.businessName)} is in effect from {writtenDate(p.effectiveOn)}. From then on Form W-9 carries the LLC’s name and EIN
        on line 1, not yours: every W-9 you gave before is out of date. Give the new one to each payer on your list:
      </Text>
      <ul>
        {p.payers.map((name) => (
          <li key={name} style={text}>
            {name}
          </li>
        ))}
      </ul>
      <Text style={text}>Your order page shows the values to enter, makes the PDF and keeps the checklist: tick each payer once done.</Text>
      <OrderButton link={p.link} label="See your payers" />
    </Layout>
  );
}
