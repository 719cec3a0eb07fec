import { render } from '@react-email/components';
import { createElement, type ReactElement } from 'react';
import { formatCents, formatExactCents, formatUsd } from '#shared/money.ts';
import { refundEmailText } from '#shared/payments/refunds.ts';
import { writtenDate } from '#shared/written-date.ts';
import type { EmailKind, EmailMessage, EmailPayloads } from '../outbox/messages.ts';
import { AnnualReportEmail, annualReportSubject } from './templates/annual-report.tsx';
import { DeadlineReminderEmail, RenewalCancelledEmail, RenewalNoticeEmail, RenewalResumedEmail } from './templates/compliance.tsx';
import {
  ContinueLinkEmail,
  DeliverableReadyEmail,
  DetailsChangedEmail,
  DetailsReminderEmail,
  DocumentsReadyEmail,
  EmailChangedEmail,
  EmailChangeRequestedEmail,
  MessageReceivedEmail,
  OrderLinkEmail,
  PaymentReceivedEmail,
  StaffInviteEmail,
  StaffSignInCodeEmail,
  StatusChangedEmail,
  TicketReplyEmail,
} from './templates/emails.tsx';
import { Forms1099CheckEmail, forms1099CheckSubject } from './templates/forms-1099.tsx';
import { EmailMessageContext, type EmailOperator, EmailOrderContext, OperatorContext } from './templates/Layout.tsx';
import { MailReceivedEmail, mailReceivedSubject } from './templates/mail.tsx';
import { DisputeOpenedEmail, RefundSentEmail } from './templates/payments.tsx';
import { PurchaseReceiptEmail, purchaseReceiptSubject } from './templates/purchases.tsx';
import { RenewalChargedEmail, RenewalLapsedEmail, RenewalPaymentDueEmail } from './templates/renewal.tsx';
import { ElectionOverdueEmail, electionOverdueSubject, W9UpdateEmail, w9UpdateSubject } from './templates/s-corp.tsx';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type Entry<K extends EmailKind> = {
  subject: (p: EmailPayloads[K]) => string;
  component: (p: EmailPayloads[K] & { link?: string }) => ReactElement;
};

const TEMPLATES: { [K in EmailKind]: Entry<K> } = {
  election_overdue: { subject: electionOverdueSubject, component: ElectionOverdueEmail },
  w9_update: { subject: w9UpdateSubject, component: W9UpdateEmail },
  forms_1099_check: { subject: forms1099CheckSubject, component: Forms1099CheckEmail },
  payment_received: { subject: (p) => `Receipt for ${p.businessName}: payment received`, component: PaymentReceivedEmail },
  details_reminder: { subject: (p) => `We need your filing details for ${p.businessName}`, component: DetailsReminderEmail },
  status_changed: {
    subject: (p) =>
      ({ processing: `We are filing ${p.businessName}`, filed: `${p.businessName} is filed`, completed: `Your order for ${p.businessName} is complete` })[
        p.status
      ],
    component: StatusChangedEmail,
  },
  documents_ready: { subject: (p) => `Your documents for ${p.businessName} are ready`, component: DocumentsReadyEmail },
  deliverable_ready: { subject: (p) => `${p.title}: ${p.businessName}`, component: DeliverableReadyEmail },
  ticket_reply: {
    // The reference rides in the subject unless the subject already names it (an order's conversation names its order number).
    subject: (p) => `Re: ${p.subject}${p.reference && !p.subject.includes(p.reference) ? ` (reference ${p.reference})` : ''}`,
    component: TicketReplyEmail,
  },
  message_received: {
    subject: (p) => `We received your message about ${p.businessName || 'your order'} (order ${p.reference})`,
    component: MessageReceivedEmail,
  },
  details_changed: { subject: (p) => `We changed the filing details of ${p.businessName || 'your order'}`, component: DetailsChangedEmail },
  email_changed: { subject: (p) => `The email address of your order${p.businessName ? ` for ${p.businessName}` : ''} changed`, component: EmailChangedEmail },
  email_change_requested: {
    subject: (p) => `Someone asked to change the email address of your order${p.businessName ? ` for ${p.businessName}` : ''}`,
    component: EmailChangeRequestedEmail,
  },
  order_link: { subject: (p) => `Your link to the order for ${p.businessName}`, component: OrderLinkEmail },
  continue_link: {
    subject: (p) => (p.businessName ? `Continue your application for ${p.businessName}` : 'Continue your LLC application'),
    component: ContinueLinkEmail,
  },
  staff_invite: {
    subject: (p) => (p.reset ? 'Set up your CreatorLLC staff sign-in again' : 'You are invited to the CreatorLLC staff dashboard'),
    component: StaffInviteEmail,
  },
  staff_sign_in_code: { subject: () => 'Your one-time code to sign in to the CreatorLLC staff dashboard', component: StaffSignInCodeEmail },
  deadline_reminder: {
    subject: (p) => `Due ${writtenDate(p.dueOn)}: ${p.title}${p.businessName ? ` for ${p.businessName}` : ''}`,
    component: DeadlineReminderEmail,
  },
  renewal_cancelled: {
    subject: (p) => `Registered agent renewal cancelled${p.businessName ? ` for ${p.businessName}` : ''}`,
    component: RenewalCancelledEmail,
  },
  renewal_resumed: {
    subject: (p) => `Registered agent renewal restored${p.businessName ? ` for ${p.businessName}` : ''}: it renews on ${writtenDate(p.renewsOn)}`,
    component: RenewalResumedEmail,
  },
  renewal_notice: { subject: (p) => `Your registered agent renews on ${writtenDate(p.renewsOn)} (${formatUsd(p.priceUsd)})`, component: RenewalNoticeEmail },
  refund_sent: {
    subject: (p) => refundEmailText(p).subject,
    component: RefundSentEmail,
  },
  dispute_opened: {
    subject: (p) => `Chargeback opened: ${p.businessName || p.orderNumber} (${formatExactCents(p.amountCents)})`,
    component: DisputeOpenedEmail,
  },
  renewal_charged: {
    subject: (p) => `Receipt: registered agent renewed for ${p.businessName || 'your LLC'} (${formatCents(p.amountCents)})`,
    component: RenewalChargedEmail,
  },
  renewal_payment_due: {
    subject: (p) => `Action needed: pay your registered agent renewal (${formatCents(p.amountCents)}) by ${writtenDate(p.graceEndsOn)}`,
    component: RenewalPaymentDueEmail,
  },
  renewal_lapsed: { subject: (p) => `Your registered agent service for ${p.businessName || 'your LLC'} has ended`, component: RenewalLapsedEmail },
  mail_received: { subject: mailReceivedSubject, component: MailReceivedEmail },
  purchase_receipt: { subject: purchaseReceiptSubject, component: PurchaseReceiptEmail },
  annual_report: { subject: annualReportSubject, component: AnnualReportEmail },
};

/**
 * The one renderer: subject, HTML and the plain-text part of a message; `operator` signs the footer;
 * `unsubscribeUrl` is a reminder's unsubscribe page; `replyTo` a conversation email's reply address (replies then come back to the ticket).
 */
export async function renderEmail(
  message: Pick<EmailMessage, 'kind' | 'payload'>,
  link?: string,
  operator?: EmailOperator,
  unsubscribeUrl?: string,
  order: { orderNumber?: string; timeZone?: string } = {},
  replyTo?: string,
): Promise<RenderedEmail> {
  const entry = TEMPLATES[message.kind] as Entry<EmailKind>;
  const props: Record<string, unknown> = { ...message.payload, link, unsubscribeUrl, contactUrl: operator?.contactUrl, timeZone: order.timeZone, replyTo };
  const subject = entry.subject(message.payload as never);
  const element = createElement(
    OperatorContext.Provider,
    { value: operator },
    createElement(
      EmailOrderContext.Provider,
      { value: order },
      createElement(
        EmailMessageContext.Provider,
        { value: { subject, repliesRead: Boolean(replyTo) } },
        createElement(entry.component as (p: Record<string, unknown>) => ReactElement, props),
      ),
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
