import { Heading, Text } from '@react-email/components';
import { longDate } from '#shared/compliance/dates.ts';
import { formatExactCents } from '#shared/money.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/**
 * The annual reports filed for the customer (docs/decisions/0431): one message kind, one event each:
 * agreed, the notices before a charge, charged, the payment link after a failed charge, lapsed,
 * filed (the state's receipt in the vault), cancelled, resumed, and one report's charge refunded. `link` is the signed order page.
 */
type Props = EmailPayloads['annual_report'] & { link?: string };

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,');
const small = { ...text, color: '#52525b', fontSize: '13px' };

export function annualReportSubject(p: EmailPayloads['annual_report']): string {
  const llc = p.businessName || 'your LLC';
  const amount = formatExactCents(p.amountCents);
  switch (p.event) {
    case 'agreed':
      return `We will file ${llc}'s ${p.stateName} annual reports (${amount} each)`;
    case 'notice':
      return `Your ${p.stateName} annual report will be charged on ${longDate(p.chargeOn ?? p.dueOn)} (${amount})`;
    case 'charged':
      return `Receipt: ${p.stateName} annual report for ${llc} (${amount})`;
    case 'payment_due':
      return `Action needed: pay for your ${p.stateName} annual report (${amount}) by ${longDate(p.graceEndsOn ?? p.dueOn)}`;
    case 'lapsed':
      return `We will not file ${llc}'s ${p.stateName} annual report due ${longDate(p.dueOn)}`;
    case 'filed':
      return `${llc}'s ${p.stateName} annual report is filed: the state's receipt is in your vault`;
    case 'cancelled':
      return `Cancelled: annual reports filed for ${llc}`;
    case 'resumed':
      return `Annual reports for ${llc}: we file them again`;
    case 'refunded':
      return `Refund: ${amount} for ${llc}'s ${p.stateName} annual report due ${longDate(p.dueOn)}`;
  }
}

function body(p: Props): string[] {
  const llc = p.businessName || 'your LLC';
  const amount = formatExactCents(p.amountCents);
  const due = longDate(p.dueOn);
  switch (p.event) {
    case 'agreed':
      return [
        `You asked us to file ${llc}'s annual report with ${p.stateName} each time it is due, at ${amount} a report: our fee plus the state's fee at cost, the price you agreed to.`,
        `The next report is due on ${due}; we charge the card kept at checkout on ${longDate(p.chargeOn ?? p.dueOn)} and email you 30 and 7 days before. Cancel any time from your order page.`,
      ];
    case 'notice':
      return [
        `In ${p.daysBefore} days, on ${longDate(p.chargeOn ?? p.dueOn)}, we charge ${amount} (the price you agreed to) for filing ${llc}'s ${p.stateName} annual report, due on ${due}.`,
        'If you no longer want us to file it, cancel from your order page before then: nothing is charged.',
      ];
    case 'charged':
      return [
        `We charged ${amount}${p.cardLast4 ? ` to the card ending ${p.cardLast4}` : ''} for filing ${llc}'s ${p.stateName} annual report due on ${due}: the state's fee at cost plus ours, as you agreed.`,
        `We file it before ${due} and email you the state's receipt.`,
      ];
    case 'payment_due':
      return [
        `We could not charge ${amount} for ${llc}'s ${p.stateName} annual report due on ${due}: ${p.reason ?? 'the card on file could not be charged.'}`,
        `Pay it from your order page by ${longDate(p.graceEndsOn ?? p.dueOn)} and we file the report. If it is not paid by then we do not file it, and the report stays yours to file by ${due}.`,
      ];
    case 'lapsed':
      return [
        `The ${amount} for ${llc}'s ${p.stateName} annual report was not paid in time, so we will not file it. File it yourself with ${p.stateName} by ${due}: a late report can cost a penalty.`,
      ];
    case 'filed':
      return [
        `We filed ${llc}'s ${p.stateName} annual report due on ${due}${p.confirmation ? `; the state's confirmation number is ${p.confirmation}` : ''}.`,
        "The state's receipt is in your vault, and your calendar marks the report done.",
      ];
    case 'cancelled':
      return [
        `You cancelled the annual reports we file for ${llc}: nothing more is charged, and the report due on ${due} is yours to file with ${p.stateName}.`,
        'Changed your mind? Undo it from your order page before the next charge day.',
      ];
    case 'resumed':
      return [
        `We file ${llc}'s ${p.stateName} annual reports again, at ${amount} a report. The next is due on ${due}; we charge it on ${longDate(p.chargeOn ?? p.dueOn)}.`,
      ];
    case 'refunded':
      return [
        `We refunded the ${amount} charged for ${llc}'s ${p.stateName} annual report due on ${due}${p.reason ? `: ${p.reason}` : '.'}`,
        `The money goes back to the card it was charged to, ${p.arrival ?? 'within 5 to 10 business days'}.`,
        p.filedOn
          ? `The report was filed on ${longDate(p.filedOn)}; the state's receipt stays in your vault.`
          : `We do not file this report: it is yours to file with ${p.stateName}, by ${due} if that day has not passed (a late report can cost a penalty).`,
        ...(p.chargeOn ? [`The next report is charged on ${longDate(p.chargeOn)} as agreed, unless you cancel on your order page.`] : []),
      ];
  }
}

export function AnnualReportEmail(p: Props) {
  const [first, ...rest] = body(p);
  return (
    <Layout preview={annualReportSubject(p)}>
      <Heading style={heading}>{annualReportSubject(p)}</Heading>
      <Text style={text}>{greeting(p.firstName)}</Text>
      <Text style={text}>{first}</Text>
      {rest.map((line) => (
        <Text key={line} style={small}>
          {line}
        </Text>
      ))}
      <OrderButton link={p.link} label={p.event === 'payment_due' ? `Pay ${formatExactCents(p.amountCents)}` : 'See your order'} />
    </Layout>
  );
}
