import { Heading, Text } from '@react-email/components';
import { formatExactCents } from '#shared/money.ts';
import { refundEmailText } from '#shared/payments/refunds.ts';
import { writtenDate } from '#shared/written-date.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/** The emails about money going back: a refund to the customer, a chargeback alert to the owners. */
type Props<K extends keyof EmailPayloads> = EmailPayloads[K] & { link?: string };

export function RefundSentEmail(p: Props<'refund_sent'>) {
  // The same words the staff form previews before the refund is made.
  const email = refundEmailText(p);
  return (
    <Layout preview={`${formatExactCents(p.amountCents)} is on its way back to you`}>
      <Heading style={heading}>{email.heading}</Heading>
      {email.paragraphs.map((paragraph) => (
        <Text key={paragraph} style={text}>
          {paragraph}
        </Text>
      ))}
      <OrderButton link={p.link} />
    </Layout>
  );
}

export function DisputeOpenedEmail(p: Props<'dispute_opened'>) {
  return (
    <Layout preview={`A customer disputed ${formatExactCents(p.amountCents)} with their bank`}>
      <Heading style={heading}>A payment was disputed</Heading>
      <Text style={text}>
        The customer of order {p.orderNumber}
        {p.businessName ? ` (${p.businessName})` : ''} disputed {formatExactCents(p.amountCents)} with their card issuer. Reason given: {p.reason}.
      </Text>
      <Text style={text}>
        {p.filingPaused
          ? 'Filing is paused: Start Processing and Mark Filed are refused until the dispute is closed.'
          : 'The LLC was filed already, so nothing is paused.'}{' '}
        {p.evidenceDueBy
          ? `Send evidence in the Stripe dashboard by ${writtenDate(p.evidenceDueBy)}.`
          : 'Send evidence in the Stripe dashboard before its deadline.'}{' '}
        The order shows the dispute in the staff dashboard.
      </Text>
      <OrderButton link={p.link} label="Open the staff dashboard" />
    </Layout>
  );
}
