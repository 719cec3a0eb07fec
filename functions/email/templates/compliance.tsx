import { Heading, Link, Text } from '@react-email/components';
import { longDate } from '#shared/compliance/dates.ts';
import { RENEWAL_REFUND_DAYS } from '#shared/compliance/renewal-charges.ts';
import { formatCents, formatUsd } from '#shared/money.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * The compliance calendar's emails: a state deadline coming up (30, 14 and 3 days before, with a
 * one-click unsubscribe), and the registered agent renewal announced 30 and 7 days before it is
 * charged. `link` is the signed order-page link; `unsubscribeUrl` the reminder's unsubscribe page.
 */
type Props<K extends keyof EmailPayloads> = EmailPayloads[K] & { link?: string; unsubscribeUrl?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');
const small = { ...text, color: '#52525b', fontSize: '13px' };
const inDays = (days: number) => (days <= 0 ? 'now' : days === 1 ? 'tomorrow' : `in ${days} days`);

export function DeadlineReminderEmail(p: Props<'deadline_reminder'>) {
  return (
    <Layout
      preview={`${p.title}: due ${longDate(p.dueOn)}`}
      reason={`You receive this reminder because you formed ${p.businessName || 'an LLC'} with us; the link above turns deadline reminders off.`}
    >
      <Heading style={heading}>
        {p.title}: due {inDays(p.daysBefore)}
      </Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        {p.businessName || 'Your LLC'} has a deadline with {p.stateName} on <strong>{longDate(p.dueOn)}</strong>. {p.description}
      </Text>
      <Text style={small}>
        Source: <Link href={p.sourceUrl}>{p.sourceName}</Link>. Rules change: check with {p.federal ? 'the IRS' : (p.checkWith ?? 'the state')} before relying
        on a date.
      </Text>
      <OrderButton link={p.link} label={p.federal ? 'See your calendar and tax planner' : 'See your compliance calendar'} />
      {p.unsubscribeUrl ? (
        <Text style={small}>
          Don’t want these reminders? <Link href={p.unsubscribeUrl}>Unsubscribe from deadline reminders</Link> (one click).
        </Text>
      ) : null}
    </Layout>
  );
}

export function RenewalCancelledEmail(p: Props<'renewal_cancelled'>) {
  return (
    <Layout preview={`Renewal cancelled: the service ends on ${longDate(p.serviceEndsOn)}`}>
      <Heading style={heading}>You cancelled the registered agent renewal</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        As you asked, our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} will not renew. It ends on{' '}
        <strong>{longDate(p.serviceEndsOn)}</strong>, and we charge nothing more ({formatUsd(p.priceUsd)} a year was the renewal price).
      </Text>
      {p.refundCents ? (
        <Text style={text}>
          The renewal you paid {formatCents(p.refundCents)} for is refunded in full, because you cancelled within {RENEWAL_REFUND_DAYS} days of the charge: it
          goes back to the card it was charged to, usually within 5 to 10 business days.
        </Text>
      ) : null}
      <Text style={text}>Before that day, name another registered agent with {p.stateName}: an LLC without one can lose its good standing.</Text>
      {p.steps?.length ? (
        <ol style={text}>
          {p.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      ) : null}
      {p.refundCents ? null : (
        <Text style={text}>
          Changed your mind? Until {longDate(p.serviceEndsOn)} you can undo the cancellation on your order page with one click: the renewal then stands as you
          agreed.
        </Text>
      )}
      <OrderButton link={p.link} label="Open your order page" />
    </Layout>
  );
}

export function RenewalResumedEmail(p: Props<'renewal_resumed'>) {
  return (
    <Layout preview={`Your registered agent renewal stands again: ${longDate(p.renewsOn)}`}>
      <Heading style={heading}>Your registered agent renewal stands again</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        As you asked, you undid the cancellation: our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} renews on{' '}
        <strong>{longDate(p.renewsOn)}</strong> at the price you agreed, {formatUsd(p.priceUsd)} a year, and we remind you 30 and 7 days before we charge it.
      </Text>
      <Text style={text}>You can cancel it again on your order page until then.</Text>
      <OrderButton link={p.link} label="Open your order page" />
    </Layout>
  );
}

export function RenewalNoticeEmail(p: Props<'renewal_notice'>) {
  return (
    <Layout preview={`Your registered agent renews on ${longDate(p.renewsOn)} for ${formatUsd(p.priceUsd)}`}>
      <Heading style={heading}>Your registered agent renews {inDays(p.daysBefore)}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>
        As you agreed, our registered agent service for {p.businessName || 'your LLC'} in {p.stateName} renews for another year on{' '}
        <strong>{longDate(p.renewsOn)}</strong>, and we charge <strong>{formatUsd(p.priceUsd)}</strong> then. It is the only recurring charge we make, unless
        you asked us to file your annual reports.
      </Text>
      <Text style={text}>
        To stop it, cancel the renewal on your order page before that day: one click, and nothing is charged. The LLC then needs another registered agent in{' '}
        {p.stateName}.
      </Text>
      <OrderButton link={p.link} label="Review or cancel the renewal" />
    </Layout>
  );
}
