import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { useContext } from 'react';
import { formatUsd } from '#shared/money.ts';
import { UNPAID_APPLICATION_RETENTION_DAYS } from '#shared/retention.ts';
import { roleWithArticle } from '#shared/staff/accounts.ts';
import { processingTimeSentence, writtenDate, writtenMoment } from '#shared/written-date.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { BRAND, button, EmailOrderContext, heading, Layout, text } from './Layout.tsx';

/** One React component per email kind; `link` is the signed order-page link (absent for ticket replies). */
type Props<K extends keyof EmailPayloads> = EmailPayloads[K] & { link?: string; timeZone?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');

export function OrderButton({ link, label = 'View your order' }: { link?: string; label?: string }) {
  if (!link) return null;
  return (
    <Text style={{ ...text, margin: '20px 0' }}>
      <Button href={link} style={button}>
        {label}
      </Button>
    </Text>
  );
}

export function PaymentReceivedEmail(p: Props<'payment_received'>) {
  return (
    <Layout preview={`Receipt: ${formatUsd(p.total)} for ${p.businessName}`}>
      <Heading style={heading}>Payment received</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Thank you: we received your payment for {p.businessName} in {p.stateName}. Next, add the details the state needs on your order page (business address,
        registered agent, organizer, members): it takes about five minutes, and we prepare the filing once they are complete.{' '}
        {processingTimeSentence(p.stateName, p.processingTime)}
      </Text>
      <Section style={{ borderTop: '1px solid #e4e4e7', borderBottom: '1px solid #e4e4e7', padding: '8px 0', margin: '0 0 12px' }}>
        {p.lines.map((line) => (
          <Text key={line.label} style={{ ...text, margin: '4px 0' }}>
            {line.label}: {formatUsd(line.amount)}
          </Text>
        ))}
        <Text style={{ ...text, fontWeight: 700, margin: '8px 0 4px' }}>Total paid: {formatUsd(p.total)}</Text>
      </Section>
      <Text style={{ ...text, color: '#52525b', fontSize: '13px' }}>
        Paid on {writtenDate(p.paidAt, p.timeZone)} ({p.provider}). Keep this email as your receipt.
      </Text>
      {p.registeredAgentRenewalUsd ? (
        <Text style={{ ...text, color: '#52525b', fontSize: '13px' }}>
          Registered agent: the first year is included. After it, the service renews only if you agree (you choose when you give your filing details), at{' '}
          {formatUsd(p.registeredAgentRenewalUsd)} a year, announced by email 30 and 7 days before it is charged and cancellable from your order page. We make
          no other recurring charge.
        </Text>
      ) : null}
      <OrderButton link={p.link} label="Add your filing details" />
    </Layout>
  );
}

export function DetailsReminderEmail(p: Props<'details_reminder'>) {
  return (
    <Layout preview={`We need a few details to file ${p.businessName}`}>
      <Heading style={heading}>We are waiting for your filing details</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Your order for {p.businessName} is paid, but we cannot file it until you give us the details the state asks for: the business address, the registered
        agent, the organizer and the members. It takes about five minutes.
      </Text>
      <OrderButton link={p.link} label="Add your filing details" />
    </Layout>
  );
}

const STATUS_SENTENCES: Record<EmailPayloads['status_changed']['status'], (p: Props<'status_changed'>) => string> = {
  processing: (p) => `We are preparing the filing of ${p.businessName} with ${p.stateName}.`,
  filed: (p) =>
    `${p.stateName} has accepted the filing of ${p.businessName}${p.fileNumber ? `: file number ${p.fileNumber}` : ''}${p.filedOn ? `, filed on ${writtenDate(p.filedOn)}` : ''}.`,
  completed: (p) => `Your order for ${p.businessName} is complete.`,
};

const STATUS_TITLES: Record<EmailPayloads['status_changed']['status'], string> = {
  processing: 'We are filing your LLC',
  filed: 'Your LLC is filed',
  completed: 'Your order is complete',
};

export function StatusChangedEmail(p: Props<'status_changed'>) {
  return (
    <Layout preview={STATUS_TITLES[p.status]}>
      <Heading style={heading}>{STATUS_TITLES[p.status]}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>{STATUS_SENTENCES[p.status](p)}</Text>
      <OrderButton link={p.link} />
    </Layout>
  );
}

export function DocumentsReadyEmail(p: Props<'documents_ready'>) {
  const delivered = p.delivered ?? [];
  return (
    <Layout preview={`Documents for ${p.businessName} are ready`}>
      <Heading style={heading}>Your order is complete</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      {delivered.length > 0 ? (
        <>
          <Text style={text}>Everything your order for {p.businessName} bought is delivered:</Text>
          <Section style={{ borderTop: '1px solid #e4e4e7', borderBottom: '1px solid #e4e4e7', padding: '8px 0', margin: '0 0 12px' }}>
            {delivered.map((line) => (
              <Text key={line} style={{ ...text, margin: '4px 0' }}>
                {line}
              </Text>
            ))}
          </Section>
          <Text style={text}>The documents are in the document vault on your order page. Download links there are valid for a few minutes each.</Text>
        </>
      ) : (
        <Text style={text}>
          The documents for {p.businessName} are in the document vault on your order page. Download links there are valid for a few minutes each.
        </Text>
      )}
      <OrderButton link={p.link} label="Open your documents" />
    </Layout>
  );
}

export function DeliverableReadyEmail(p: Props<'deliverable_ready'>) {
  return (
    <Layout preview={`${p.title} for ${p.businessName}`}>
      <Heading style={heading}>{p.title}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>{p.detail}</Text>
      <Text style={text}>Your order page lists what of your order is delivered and what is still on its way.</Text>
      <OrderButton link={p.link} label="Open your order" />
    </Layout>
  );
}

const quoteStyle = { ...text, borderLeft: '3px solid #d4d4d8', color: '#3f3f46', margin: '0 0 16px', paddingLeft: '12px', whiteSpace: 'pre-line' as const };

function Quoted({ from, at, message }: { from: string; at: string; message: string }) {
  const { timeZone } = useContext(EmailOrderContext);
  return (
    <>
      <Text style={{ ...text, color: '#52525b', fontSize: '13px', margin: '0 0 4px' }}>
        On {writtenDate(at, timeZone)}, {from} wrote:
      </Text>
      <Text style={quoteStyle}>{message}</Text>
    </>
  );
}

/**
 * Where an answer goes: the order page keeps the conversation. With a reply address (replies are
 * received: docs/decisions/0377) an answer by email joins it too; without one, replies are not read.
 */
const conversationReason = (replyTo?: string) =>
  replyTo
    ? `You receive this email because you wrote to ${BRAND}. Reply to it to answer: your reply is added to the conversation.`
    : `You receive this email because you wrote to ${BRAND}. Replies to this email are not read: answer on your order page, or through the contact page.`;

function HowToAnswer({ link, reference, contactUrl, replyTo }: { link?: string; reference?: string; contactUrl?: string; replyTo?: string }) {
  if (replyTo)
    return (
      <>
        <Text style={text}>
          To answer, reply to this email: your reply is added to the conversation{link ? ' on your order page, where you can also write to us' : ''}.
        </Text>
        {link ? <OrderButton link={link} label="Open the conversation" /> : null}
      </>
    );
  if (link)
    return (
      <>
        <Text style={text}>To answer, write to us on your order page: the whole conversation is kept there. Replies to this email are not read.</Text>
        <OrderButton link={link} label="Answer on your order page" />
      </>
    );
  return (
    <Text style={text}>
      Replies to this email are not read. To answer, send us a new message from{' '}
      {contactUrl ? <Link href={contactUrl}>the contact page</Link> : 'the contact page of our site'}
      {reference ? ` and mention reference ${reference}` : ''}.
    </Text>
  );
}

export function TicketReplyEmail(p: Props<'ticket_reply'> & { contactUrl?: string; replyTo?: string }) {
  return (
    <Layout preview={`Re: ${p.subject}`} reason={conversationReason(p.replyTo)}>
      <Heading style={heading}>Re: {p.subject}</Heading>
      {p.reference ? <Text style={{ ...text, color: '#52525b', fontSize: '13px' }}>Reference {p.reference}</Text> : null}
      {p.quote ? <Quoted {...p.quote} /> : null}
      {p.reply.split(/\n{2,}/).map((paragraph, i) => (
        <Text key={i} style={{ ...text, whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
      <Text style={text}>{p.staffName}</Text>
      <HowToAnswer link={p.link} reference={p.reference} contactUrl={p.contactUrl} replyTo={p.replyTo} />
    </Layout>
  );
}

export function MessageReceivedEmail(p: Props<'message_received'> & { replyTo?: string }) {
  const about = p.businessName ? `your order for ${p.businessName}` : 'your order';
  return (
    <Layout preview={`We received your message (reference ${p.reference})`} reason={conversationReason(p.replyTo)}>
      <Heading style={heading}>We received your message</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Thank you: your message about {about} reached our team. Its reference is {p.reference}, your order number. We answer by email and on your order page,
        where the whole conversation is kept.{p.replyTo ? ' To add something, reply to this email.' : ''}
      </Text>
      <Quoted from="you" at={p.receivedAt} message={p.message} />
      <OrderButton link={p.link} label="Open the conversation" />
    </Layout>
  );
}

export function EmailChangedEmail(p: Props<'email_changed'>) {
  const what = p.businessName ? `your order for ${p.businessName}` : 'your order';
  return (
    <Layout preview={`The email address of ${what} changed`}>
      <Heading style={heading}>Your order's email address changed</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      {p.recipient === 'new' ? (
        <Text style={text}>
          The email address of {what} changed from {p.oldEmail} to this one, {p.newEmail}. From now on every email about the order comes here. Here is the link
          to your order page; it opens the order without a password, so keep this email to yourself.
        </Text>
      ) : (
        <Text style={text}>
          The email address of {what} changed from this one, {p.oldEmail}, to {p.newEmail}. Emails about the order now go there, and the order links this
          address received no longer open the order. If you did not ask for this, write to us from the contact page at once.
        </Text>
      )}
      <OrderButton link={p.link} label="Open your order" />
    </Layout>
  );
}

export function EmailChangeRequestedEmail(p: Props<'email_change_requested'>) {
  const what = p.businessName ? `your order for ${p.businessName}` : 'your order';
  return (
    <Layout preview={`A change of the email address of ${what} was asked for`}>
      <Heading style={heading}>Someone asked to change your order's email address</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Our support team was asked to send every email about {what} to another address, {p.newEmail}, from now on. Nothing has changed yet: the change takes
        effect only when you confirm it on your order page, or when a second member of our team checks it and approves it.
      </Text>
      <Text style={text}>If you did not ask for this, stop the change with the button below. It keeps this address and tells our team.</Text>
      <OrderButton link={p.link} label="Stop this change" />
    </Layout>
  );
}

export function DetailsChangedEmail(p: Props<'details_changed'>) {
  const what = p.businessName ? `your order for ${p.businessName}` : 'your order';
  return (
    <Layout preview={`We changed the filing details of ${what}`}>
      <Heading style={heading}>We changed your filing details</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>Our team changed the filing details of {what} while preparing the filing. What changed:</Text>
      <Section style={{ borderTop: '1px solid #e4e4e7', borderBottom: '1px solid #e4e4e7', padding: '8px 0', margin: '0 0 12px' }}>
        {p.changed.map((line) => (
          <Text key={line} style={{ ...text, margin: '4px 0' }}>
            {line}
          </Text>
        ))}
      </Section>
      <Text style={text}>Why: {p.reason}</Text>
      <Text style={text}>Your order page shows the details as they are now. If anything is wrong, write to us there.</Text>
      <OrderButton link={p.link} label="Check your details" />
    </Layout>
  );
}

export function OrderLinkEmail(p: Props<'order_link'>) {
  return (
    <Layout preview={`Your link to the order for ${p.businessName}`}>
      <Heading style={heading}>Your order page</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Here is a new link to the order page for {p.businessName}, as you asked. It opens the order without a password, so keep this email to yourself. If you
        did not ask for it, you can ignore this email.
      </Text>
      <OrderButton link={p.link} label="Open your order" />
    </Layout>
  );
}

export function ContinueLinkEmail(p: Props<'continue_link'>) {
  const what = p.businessName ? `your application for ${p.businessName}` : 'your LLC application';
  const { timeZone } = useContext(EmailOrderContext);
  // An unpaid application is no order yet: no "Order ..." line, and the footer says why the email came.
  return (
    <EmailOrderContext.Provider value={{ timeZone }}>
      <Layout preview={`Continue ${what}`} reason={`You receive this email because you asked for a link to continue your application with ${BRAND}.`}>
        <Heading style={heading}>Continue your application</Heading>
        <Text style={text}>{greeting(p.firstName)}</Text>
        <Text style={text}>
          Here is the link to continue {what}, as you asked. It opens the application in any browser, with everything you have entered so far, so keep this
          email to yourself. Unpaid applications are deleted {UNPAID_APPLICATION_RETENTION_DAYS} days after their last change. If you did not ask for it, you
          can ignore this email.
        </Text>
        <OrderButton link={p.link} label="Continue your application" />
      </Layout>
    </EmailOrderContext.Provider>
  );
}

export function StaffInviteEmail(p: Props<'staff_invite'>) {
  const what = p.reset ? 'Set up your sign-in again' : `You are invited to the ${BRAND} staff`;
  return (
    <Layout
      preview={what}
      customer={false}
      reason={`You receive this email because ${p.invitedBy} ${p.reset ? 'reset your sign-in' : 'invited you'} to the ${BRAND} staff dashboard.`}
    >
      <Heading style={heading}>{what}</Heading>
      <Text style={text}>{greeting(p.name)}</Text>
      <Text style={text}>
        {p.reset
          ? `${p.invitedBy} reset your sign-in to the ${BRAND} staff dashboard: your password and authenticator app were cleared and your sessions ended.`
          : `${p.invitedBy} invited you to the ${BRAND} staff dashboard as ${roleWithArticle(p.role)}.`}{' '}
        Open the link below to choose a password and add an authenticator app (such as Google Authenticator, 1Password or Authy). The link works once, until{' '}
        {writtenMoment(p.expiresAt)}.
      </Text>
      <OrderButton link={p.link} label={p.reset ? 'Set up my sign-in' : 'Accept the invitation'} />
      <Text style={{ ...text, color: '#52525b', fontSize: '13px' }}>If you did not expect this email, ignore it: nothing happens without the link.</Text>
    </Layout>
  );
}

/** A one-time sign-in code, after too many wrong passwords were tried on the account (functions/staff/sign-in-code.ts). */
export function StaffSignInCodeEmail(p: Props<'staff_sign_in_code'>) {
  return (
    <Layout
      preview="Your one-time code to sign in"
      customer={false}
      reason={`You receive this email because someone tried to sign in to your ${BRAND} staff account with a password after too many wrong ones.`}
    >
      <Heading style={heading}>Your one-time sign-in code</Heading>
      <Text style={text}>{greeting(p.name)}</Text>
      <Text style={text}>
        Too many wrong passwords were tried on your staff account, so signing in now takes your password together with this code. It works once, until{' '}
        {writtenMoment(p.expiresAt)}:
      </Text>
      <Text style={{ ...text, fontFamily: 'monospace', fontSize: '22px', letterSpacing: '2px' }}>{p.code ?? ''}</Text>
      <OrderButton link={p.link} label="Open the sign-in page" />
      <Text style={{ ...text, color: '#52525b', fontSize: '13px' }}>
        If you were not signing in, someone else is trying passwords on your account: nothing happens without this code. Tell an owner, who can reset your
        sign-in if your password may be known.
      </Text>
    </Layout>
  );
}
