import { Heading, Link, Text } from '@react-email/components';
import { writtenDate } from '#shared/written-date.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * The January 1099 check's reminder (docs/decisions/0436): on January 31 after a tax year, the
 * payers whose payments reach a form's threshold and the form each should send, with the link to
 * the order page's checklist and the reminders' one-click unsubscribe.
 */
type Props = EmailPayloads['forms_1099_check'] & { link?: string; unsubscribeUrl?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');
const small = { ...text, color: '#52525b', fontSize: '13px' };
const formsOf = (forms: string[]) => forms.map((f) => `Form ${f}`).join(' and ');

export const forms1099CheckSubject = (p: EmailPayloads['forms_1099_check']) =>
  `Your ${p.taxYear} Forms 1099: check what ${p.payers.length === 1 ? p.payers[0].name : `your ${p.payers.length} payers`} sent`;

export function Forms1099CheckEmail(p: Props) {
  return (
    <Layout
      preview={`${p.payers.length === 1 ? 'One payer' : `${p.payers.length} payers`} should send you a Form 1099 for ${p.taxYear}`}
      reason={`You receive this reminder because you formed ${p.businessName || 'an LLC'} with us and listed your payers; the link above turns deadline reminders off.`}
    >
      <Heading style={heading}>Check the Forms 1099 for {p.taxYear}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        By your income map, these payers paid {p.businessName || 'your LLC'} enough in {p.taxYear} to send a Form 1099 by {writtenDate(p.checkOn)} or soon
        after:
      </Text>
      <ul>
        {p.payers.map((payer) => (
          <li key={payer.name} style={text}>
            {`${payer.name}: ${formsOf(payer.forms)}`}
          </li>
        ))}
      </ul>
      <Text style={text}>
        Record each form that arrives, with its amount, on your order page’s 1099 checklist (under “Your payers and Form W-9”): a form whose amount differs from
        what the payer paid you, or one still missing once January is over, is flagged. You report the income whether a form comes or not.
      </Text>
      <Text style={small}>
        {p.furnishText} Source: <Link href={p.sourceUrl}>{p.sourceName}</Link>. This is not tax advice.
      </Text>
      <OrderButton link={p.link} label="Open your 1099 checklist" />
      {p.unsubscribeUrl ? (
        <Text style={small}>
          Don’t want these reminders? <Link href={p.unsubscribeUrl}>Unsubscribe from deadline reminders</Link> (one click).
        </Text>
      ) : null}
    </Layout>
  );
}
