import { Heading, Section, Text } from '@react-email/components';
import { formatUsd } from '#shared/money.ts';
import { writtenDate } from '#shared/written-date.ts';
import type { EmailPayloads } from '../../outbox/messages.ts';
import { OrderButton } from './emails.tsx';
import { heading, Layout, text } from './Layout.tsx';

/** The receipt of an add-on bought after payment (docs/decisions/0424): the checkout receipt's blocks, for the one add-on. */
type Props = EmailPayloads['purchase_receipt'] & { link?: string; timeZone?: string };

const small = { ...text, color: '#52525b', fontSize: '13px' };

export const purchaseReceiptSubject = (p: EmailPayloads['purchase_receipt']) =>
  `Receipt: ${p.name} for ${p.businessName || 'your LLC'} (${formatUsd(p.total)})`;

export function PurchaseReceiptEmail(p: Props) {
  return (
    <Layout preview={`Receipt: ${formatUsd(p.total)} for ${p.name}`}>
      <Heading style={heading}>Payment received: {p.name}</Heading>
      <Text style={text}>{p.firstName ? `Hi ${p.firstName},` : 'Hello,'}</Text>
      <Text style={text}>
        Thank you: you added {p.name} to your order for {p.businessName || 'your LLC'} in {p.stateName}. It is now part of what we deliver, and your order page
        shows it among what your order is owed until it is in your vault.
        {p.reopened ? ' Your order was complete, so it is open again until we deliver it.' : ''}
      </Text>
      <Section style={{ borderTop: '1px solid #e4e4e7', borderBottom: '1px solid #e4e4e7', padding: '8px 0', margin: '0 0 12px' }}>
        {p.lines.map((line) => (
          <Text key={line.label} style={{ ...text, margin: '4px 0' }}>
            {line.label}: {formatUsd(line.amount)}
          </Text>
        ))}
        <Text style={{ ...text, fontWeight: 700, margin: '8px 0 4px' }}>Total paid: {formatUsd(p.total)}</Text>
      </Section>
      <Text style={small}>
        Paid on {writtenDate(p.paidAt, p.timeZone)}
        {p.cardLast4 ? ` with the card ending ${p.cardLast4}` : ''}. Keep this email as your receipt. Our Refund Policy says what of it can be refunded once we
        have started on it.
      </Text>
      <OrderButton link={p.link} label="See your order" />
    </Layout>
  );
}
