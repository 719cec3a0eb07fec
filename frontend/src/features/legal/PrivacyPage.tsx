import { Link } from 'react-router-dom';
import {
  ACTIVITY_RETENTION_DAYS,
  AUDIT_RETENTION_YEARS,
  LEAD_RETENTION_DAYS,
  MONEY_ACTIVITY_RETENTION_YEARS,
  SENT_EMAIL_RETENTION_DAYS,
  TICKET_RETENTION_YEARS,
  UNPAID_APPLICATION_RETENTION_DAYS,
} from '#shared/retention.ts';
import { paths } from '../../paths.ts';
import { LegalPage, ReachUs, WhoWeAre } from './LegalPage.tsx';

/**
 * Privacy Policy (docs/product.md "Legal pages"): what we collect, why, who else sees it and how
 * long we keep it. The periods are the ones the product enforces (shared/retention.ts and
 * docs/product.md section 11), read from the same constants.
 */
export default function PrivacyPage() {
  return (
    <LegalPage doc="privacy" description="What CreatorLLC collects, why, who else sees it and how long it is kept.">
      {(operator) => (
        <>
          <h2>1. Who is responsible</h2>
          <WhoWeAre operator={operator} />
          <p>We are responsible for the personal data described here. For any question about it, or to use your rights, contact us:</p>
          <ReachUs operator={operator} />

          <h2>2. What we collect and why</h2>
          <ul>
            <li>
              <strong>What you type into the order form:</strong> your name, email, phone, your state, what you create and where, the business name and the
              figures you give the savings calculator. We need them to price and prepare your order, and to contact you about it.
            </li>
            <li>
              <strong>Your filing details</strong> (after payment): business address, the registered agent, organizer, members or managers and, if you ordered
              the EIN filing, the responsible party’s Social Security or tax number. The state and the IRS require them. A tax number is encrypted before it is
              stored; staff see only its last four digits, and only an owner can reveal it to file, which is recorded.
            </li>
            <li>
              <strong>Your tax plan</strong> (only if you save one from your order page): the figures you enter in the tax planner, which are your profit,
              salary, wages, tax withheld, last year’s tax and adjusted gross income, the planner’s cost estimates and your income by kind. We use them only to
              work out the quarterly amounts on your calendar and in your reminders, and your year-end summary; we do not send them to anyone. Nothing you type
              into the planner without saving it leaves your browser.
            </li>
            <li>
              <strong>Payment status:</strong> the amount, the provider and its reference. Your card number goes straight to the payment provider and never
              reaches us.
            </li>
            <li>
              <strong>Your messages:</strong> what you send through the contact form or your order page, and our replies.
            </li>
            <li>
              <strong>Technical data:</strong> your network address, to limit abuse (how many requests come from one network) and in our servers’ access logs,
              which we keep for security.
            </li>
          </ul>
          <p>
            We use your data only to provide the service you asked for, to keep it secure and to meet our legal duties. We do not sell it, and we do not use
            advertising or tracking cookies. The order form keeps your answers in your own browser’s storage so you can come back to them; you can clear it at
            any time.
          </p>

          <h2>3. Who else sees it</h2>
          <ul>
            <li>
              <strong>Amazon Web Services (AWS)</strong> hosts this website, our database and your documents, in the United States, and sends our emails (Amazon
              SES).
            </li>
            <li>
              <strong>Stripe</strong> takes card and Apple Pay payments; <strong>Klarna</strong> and <strong>Amazon Pay</strong> take the payments you choose to
              make with them.
            </li>
            <li>
              <strong>The state filing office</strong> receives what the formation document contains, which becomes public record; <strong>the IRS</strong>{' '}
              receives the EIN application if you ordered it.
            </li>
            <li>When we use a customer-relationship tool, it receives the contact details and answers you give in the first steps of the order form.</li>
          </ul>
          <p>Each of them may use the data only to do that job for us (or, for the state and the IRS, as the law says).</p>

          <h2>4. How long we keep it</h2>
          <ul>
            <li>An order that is never paid: deleted {UNPAID_APPLICATION_RETENTION_DAYS} days after its last change.</li>
            <li>The answers of an order form you did not finish (as a lead): deleted {LEAD_RETENTION_DAYS} days after the last one.</li>
            <li>A paid order and its documents: kept for as long as we may have to show what we filed for you.</li>
            <li>Your Social Security or tax number: deleted as soon as the IRS letter with your EIN is recorded on the order.</li>
            <li>
              Your tax plan: kept with your paid order until you save a new one, which replaces it, or remove it from the tax planner on your order page, and
              deleted with the order; the year-end summary made from it is one of the order’s documents and is deleted with the plan.
            </li>
            <li>The emails we send you: deleted {SENT_EMAIL_RETENTION_DAYS} days after they are sent.</li>
            <li>
              A message you send us through the contact form, and our answers: deleted {TICKET_RETENTION_YEARS} years after the last message in it, open or
              closed. Messages about an order are kept with the order.
            </li>
            <li>
              Our staff’s activity feed, which may name you or your business: each entry deleted {ACTIVITY_RETENTION_DAYS} days after it was written, except the
              entries of payments and refunds, which our accounts are made from: kept {MONEY_ACTIVITY_RETENTION_YEARS} years, then deleted.
            </li>
            <li>
              The audit trail of what our staff did on your order (for example a status change or a refund): kept {AUDIT_RETENTION_YEARS} years, the longest
              period for which tax authorities may ask about a business’s records, then deleted.
            </li>
            <li>Our servers’ access logs: one year. Error logs: three months; they never contain a tax number or card data.</li>
          </ul>

          <h2>5. Your rights</h2>
          <p>
            You can ask us what data we hold about you, to correct it, to delete it (unless the law requires us to keep it), or to receive a copy. Write to us
            as in section 1; we answer within 30 days. You may also complain to your state’s consumer protection authority.
          </p>

          <h2>6. Security</h2>
          <p>
            Data is encrypted in transit and at rest; tax numbers are encrypted with their own keys; staff sign in with a password and a second factor, and
            every action they take is recorded.
          </p>

          <h2>7. Children</h2>
          <p>This service is for adults forming a business. We do not knowingly collect data from anyone under 18.</p>

          <h2>8. Changes</h2>
          <p>
            When we change this policy we publish a new version here, with its date. The <Link to={paths.terms}>Terms of Service</Link> and the{' '}
            <Link to={paths.refundPolicy}>Refund Policy</Link> are on their own pages.
          </p>
        </>
      )}
    </LegalPage>
  );
}
