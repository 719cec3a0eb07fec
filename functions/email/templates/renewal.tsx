import { Heading, Text } from '@react-email/components';
import { longDate } from '#shared/compliance/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * The registered agent renewal's charge: the receipt of a renewal charged, the payment link after
 * a charge failed (the grace period's last day in it), and the notice that the service lapsed.
 * `link` is the signed order-page link: the page's renewal section takes the payment.
 */
type Props<K extends keyof EmailPayloads> = EmailPayloads[K] & { link?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');
const small = { ...text, color: '#52525b', fontSize: '13px' };

export function RenewalChargedEmail(p: Props<'renewal_charged'>) {
  return (
    <Layout preview={`Registered agent renewed: ${formatCents(p.amountCents)} charged`}>
      <Heading style={heading}>Your registered agent service is renewed</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        As you agreed, our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} is renewed for the year from{' '}
        <strong>{longDate(p.period)}</strong>. We charged <strong>{formatCents(p.amountCents)}</strong>
        {p.cardLast4 ? ` to the card ending ${p.cardLast4}` : ''}, the price you agreed to.
      </Text>
      <Text style={small}>
        The next renewal is on {longDate(p.nextRenewalOn)}; we email you 30 and 7 days before it, and you can cancel it from your order page until then.
      </Text>
      <OrderButton link={p.link} label="See your order" />
    </Layout>
  );
}

export function RenewalPaymentDueEmail(p: Props<'renewal_payment_due'>) {
  return (
    <Layout preview={`Your registered agent renewal could not be charged: pay ${formatCents(p.amountCents)} by ${longDate(p.graceEndsOn)}`}>
      <Heading style={heading}>We could not charge your registered agent renewal</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        Our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} renewed on <strong>{longDate(p.period)}</strong> at the{' '}
        {formatCents(p.amountCents)} you agreed to, but the charge failed: {p.reason}
      </Text>
      <Text style={text}>
        Pay <strong>{formatCents(p.amountCents)}</strong> from your order page by <strong>{longDate(p.graceEndsOn)}</strong> ({p.graceDays} days) and the
        service continues. If it is not paid by then, the service ends and the LLC needs another registered agent in {p.stateName}.
      </Text>
      <OrderButton link={p.link} label={`Pay ${formatCents(p.amountCents)}`} />
      <Text style={small}>If you no longer want the service, cancel the renewal on the same page: nothing more is charged.</Text>
    </Layout>
  );
}

export function RenewalLapsedEmail(p: Props<'renewal_lapsed'>) {
  return (
    <Layout preview={`Our registered agent service for ${p.businessName || 'your LLC'} has ended`}>
      <Heading style={heading}>Your registered agent service has ended</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        The {formatCents(p.amountCents)} renewal of our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} was not paid within{' '}
        {p.graceDays} days of {longDate(p.period)}, so the service ended on {longDate(p.lapsedOn)}. Nothing more will be charged.
      </Text>
      <Text style={text}>Every LLC needs a registered agent: name another one with {p.stateName} now, or the LLC can lose its good standing.</Text>
      <OrderButton link={p.link} label="See your order" />
    </Layout>
  );
}
