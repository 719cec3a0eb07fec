import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { createContext, type ReactNode, useContext } from 'react';

/** Brand frame of every email: one narrow column that reads at 375 px, system fonts, no images. */
export const BRAND = 'CreatorLLC';

const body = {
  backgroundColor: '#f4f4f5',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '16px 0',
};
const container = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const brand = { color: '#7c3aed', fontSize: '20px', fontWeight: 700, margin: '0 0 16px' };
const footer = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '4px 0' };

/**
 * Who sends the email, from the operator's settings (shared/operator/settings.schema.ts): the renderer
 * provides it; a setting that is not set is left out, never replaced by a placeholder.
 */
export interface EmailOperator {
  legalName?: string | null;
  address?: string | null;
  supportEmail?: string | null;
  supportPhone?: string | null;
  /** The site's "find my order" page, linked from every customer email. */
  findOrderUrl?: string;
  /** The site's contact page, where a ticket without an order page is answered. */
  contactUrl?: string;
}
export const OperatorContext = createContext<EmailOperator | undefined>(undefined);

/**
 * The order a message is about, from the renderer: its number, shown at the top of every email
 * about an order (so a reply or a call can name it), and the customer's time zone where known,
 * in which a moment is written as a date (shared/written-date.ts).
 */
export const EmailOrderContext = createContext<{ orderNumber?: string; timeZone?: string }>({});

/**
 * The message as the renderer knows it: its subject (the HTML's `<title>`) and whether replies come
 * back to us (a conversation email's Reply-To, functions/email/reply-address.ts). Only then does the
 * footer say "reply to this email": the sending address itself reads no mail.
 */
export const EmailMessageContext = createContext<{ subject?: string; repliesRead?: boolean }>({});

const reasonFor = (repliesRead: boolean | undefined, contactUrl: string | undefined) =>
  `You receive this email because you placed an order with ${BRAND}. ${
    repliesRead
      ? 'Reply to this email if anything is wrong.'
      : `If anything is wrong, write to us${contactUrl ? ` at ${contactUrl}` : ' from our contact page'}.`
  }`;

export function Layout({
  preview,
  children,
  reason,
  customer = true,
}: {
  preview: string;
  children: ReactNode;
  reason?: string;
  /** A customer's email (not a staff invitation): it links to "find my order". */
  customer?: boolean;
}) {
  const operator = useContext(OperatorContext);
  const { orderNumber } = useContext(EmailOrderContext);
  const message = useContext(EmailMessageContext);
  const sender = [operator?.legalName, operator?.address].filter(Boolean).join(', ');
  const contact = [operator?.supportEmail, operator?.supportPhone].filter(Boolean).join(' · ');
  return (
    <Html lang="en">
      <Head>{message.subject ? <title>{message.subject}</title> : null}</Head>
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{BRAND}</Text>
          {orderNumber ? <Text style={{ ...footer, margin: '-12px 0 12px' }}>Order {orderNumber}</Text> : null}
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 12px' }} />
          <Text style={footer}>{reason ?? reasonFor(message.repliesRead, operator?.contactUrl)}</Text>
          {customer && operator?.findOrderUrl ? (
            <Text style={footer}>
              Looking for another order? <Link href={operator.findOrderUrl}>Find your orders</Link> with the email you gave us.
            </Text>
          ) : null}
          {sender ? <Text style={footer}>{sender}</Text> : null}
          {contact ? <Text style={footer}>Questions: {contact}</Text> : null}
          <Text style={footer}>{BRAND} is not a law firm or an accounting firm and gives no tax, legal or accounting advice.</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const text = { color: '#18181b', fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' };
export const heading = { color: '#18181b', fontSize: '22px', lineHeight: '28px', margin: '0 0 12px' };
export const button = {
  backgroundColor: '#7c3aed',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
