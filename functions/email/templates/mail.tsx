import { Heading, Text } from '@react-email/components';
import { longDate } from '#shared/compliance/dates.ts';
import { MAIL_KIND_LABELS, MAIL_KIND_MEANING, SOLICITATION_WHY } from '#shared/mail/mail.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * Mail our registered agent address received for the LLC (shared/mail/mail.ts), sent as soon as
 * staff log it. A service of process is marked urgent, says what it means in plain words and its
 * answer deadline when the document names one; a likely solicitation is labelled with why.
 */
type Props = EmailPayloads['mail_received'] & { link?: string };

const urgent = { ...text, color: '#b91c1c', fontWeight: 700 };
const small = { ...text, color: '#52525b', fontSize: '13px' };
const llc = (p: Pick<Props, 'businessName'>) => p.businessName || 'your LLC';

/** The subject: urgent first for a service of process, the label first for a likely solicitation. */
export function mailReceivedSubject(p: EmailPayloads['mail_received']): string {
  if (p.kind === 'service_of_process') return `URGENT: legal papers served on ${llc(p)}${p.answerDeadline ? `, answer due ${longDate(p.answerDeadline)}` : ''}`;
  if (p.kind === 'solicitation') return `Likely solicitation, not an official notice: mail for ${llc(p)}`;
  return `${MAIL_KIND_LABELS[p.kind]} received for ${llc(p)}`;
}

export function MailReceivedEmail(p: Props) {
  const greeting = p.firstName ? `Hi ${p.firstName},` : 'Hello,';
  const arrived = (
    <Text style={text}>
      Our registered agent address received mail for {llc(p)} from <strong>{p.sender}</strong> on {longDate(p.receivedOn)}. Its scan is in the document vault on
      your order page, under Mail.
    </Text>
  );
  if (p.kind === 'service_of_process')
    return (
      <Layout preview={`Urgent: a lawsuit or legal proceeding was served on ${llc(p)}`}>
        <Heading style={heading}>Urgent: legal papers were served on your LLC</Heading>
        <Text style={text}>{greeting}</Text>
        <Text style={urgent}>This is a service of process: read it today.</Text>
        {arrived}
        <Text style={text}>What it means: {MAIL_KIND_MEANING.service_of_process}</Text>
        {p.answerDeadline ? (
          <Text style={urgent}>The document says an answer is due by {longDate(p.answerDeadline)}.</Text>
        ) : (
          <Text style={text}>We did not find an answer deadline on the document: the papers or a lawyer will tell you how long your LLC has to answer.</Text>
        )}
        <OrderButton link={p.link} label="Read the papers" />
        <Text style={small}>We forward legal papers as your registered agent; we cannot advise you on how to answer them.</Text>
      </Layout>
    );
  if (p.kind === 'solicitation')
    return (
      <Layout preview="Likely solicitation: it looks official but is an offer to sell a service">
        <Heading style={heading}>Likely solicitation, not an official notice</Heading>
        <Text style={text}>{greeting}</Text>
        {arrived}
        <Text style={urgent}>Why we label it: {SOLICITATION_WHY}</Text>
        <OrderButton link={p.link} label="See the scan" />
      </Layout>
    );
  return (
    <Layout preview={`${MAIL_KIND_LABELS[p.kind]} received for ${llc(p)}`}>
      <Heading style={heading}>{MAIL_KIND_LABELS[p.kind]} received</Heading>
      <Text style={text}>{greeting}</Text>
      {arrived}
      <Text style={text}>{MAIL_KIND_MEANING[p.kind]}</Text>
      {p.answerDeadline ? <Text style={text}>The document names {longDate(p.answerDeadline)} as the day to answer by.</Text> : null}
      <OrderButton link={p.link} label="See the scan" />
    </Layout>
  );
}
