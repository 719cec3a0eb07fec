import { Link } from 'react-router-dom';
import { ANNUAL_REPORT_CHARGE_LEAD_DAYS, ANNUAL_REPORT_GRACE_DAYS, ANNUAL_REPORT_NOTICE_DAYS } from '#shared/compliance/annual-report-terms.ts';
import { RENEWAL_GRACE_DAYS } from '#shared/compliance/renewal-charges.ts';
import { OUR_FILING_TIME } from '#shared/filing-promise.ts';
import { formatUsd } from '#shared/money.ts';
import { registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { findState } from '#shared/states.ts';
import { paths } from '../../paths.ts';
import { LegalPage, ReachUs, WhoWeAre } from './LegalPage.tsx';

/**
 * Terms of Service (docs/product.md "Legal pages"): what we do for the customer, what they give
 * us, what it costs, and the limits of our service, in plain English. Every order records the
 * version agreed to at payment (shared/legal/versions.ts).
 */
export default function TermsPage() {
  return (
    <LegalPage doc="terms" description="The terms of the CreatorLLC LLC-formation service: what we do, what it costs, and what we are not.">
      {(operator) => {
        const renewal = formatUsd(registeredAgentRenewalUsd(operator ?? undefined));
        const homeState = operator?.address ? findState(operator.address.state)?.name : undefined;
        return (
          <>
            <h2>1. Who we are</h2>
            <WhoWeAre operator={operator} />
            <ReachUs operator={operator} />
            <p>
              These terms are the agreement between you and us when you use this website and when you order the formation of an LLC. By paying for an order you
              accept the version of these terms shown on this page at that moment; we record that version on your order.
            </p>

            <h2>2. What we do</h2>
            <p>
              We prepare the documents a state needs to form a limited liability company (LLC) from the answers you give us, and we file them with the state you
              choose, as your filer. Depending on what you order, we also prepare an operating agreement template and the worksheet for your federal tax number
              (EIN), and act as your registered agent.
            </p>
            <p>
              <strong>We are not a law firm or an accounting firm.</strong> We do not give legal, tax or accounting advice, and nothing on this website is such
              advice. The tax-savings figures the calculator shows are estimates from a simple rule, not a promise of what you will save. Whether an LLC suits
              you, and in which state, is your decision; talk to a qualified professional about your situation.
            </p>

            <h2>3. What you give us</h2>
            <ul>
              <li>True, complete and current information about you, your business and its members. We file what you give us.</li>
              <li>
                Only information you are allowed to give, for people who agreed to be named in the filing (members, managers, the organizer, a registered agent
                of your own).
              </li>
              <li>A business name the state will accept. We check it against the state’s naming rules and our own orders, but the state decides.</li>
            </ul>
            <p>If the state asks for something we cannot supply from your answers, we ask you. The filing waits until you answer.</p>

            <h2>4. Price and payment</h2>
            <p>
              Your total is the state’s filing fee for your state, our service fee, and any add-ons you choose (expedited filing, EIN filing, an operating
              agreement template), shown line by line at checkout before you pay. The server computes it; the amount charged is the checkout’s total, in US
              dollars.
            </p>
            <p>
              We pass the state’s fee to the state. Payments are taken by our payment providers (card and Apple Pay through Stripe, Klarna, Amazon Pay); we
              never see or store your card number. Once a payment has started, the order is fixed: to change it, send us a request from the{' '}
              <Link to={paths.contact}>contact page</Link>.
            </p>

            <h2>5. When we file</h2>
            <p>
              We file within {OUR_FILING_TIME} of receiving your complete filing details. The state then takes its own time, which we show for each state with
              the date we checked it; we do not control it and cannot promise it.
            </p>

            <h2>6. Registered agent and annual reports</h2>
            <p>
              If you choose us as your registered agent, the first year in your filing state is included in your order. After that the service renews each year
              at <strong data-testid="renewal-price">{renewal}</strong> a year, only if you agreed to the renewal when you gave your filing details. You can
              stop the renewal at any time before it falls due from your order page; the agent then stops at the end of the paid year, and you must name another
              agent with the state. We charge the renewal, at the price you agreed to, to the card you chose at checkout to keep for it; if that charge fails or
              no card is kept, we email you a link to pay and you have <span data-testid="renewal-grace-days">{RENEWAL_GRACE_DAYS}</span> days to pay before the
              service ends.
            </p>
            <p data-testid="annual-reports-terms">
              <strong>Annual reports filed for you.</strong> Where your state charges for its annual report, you can ask us at checkout, when you pay by card,
              or later on your order page to file each report for you. You agree then to a price per report: our fee plus the state&rsquo;s fee at cost, fixed
              on that day (at checkout, when your payment starts; nothing of it is charged with your order). We charge it to the card you kept at checkout
              (agreeing at checkout keeps the card you pay with) {ANNUAL_REPORT_CHARGE_LEAD_DAYS} days before the report is due, after emailing you{' '}
              {ANNUAL_REPORT_NOTICE_DAYS.join(' and ')} days before the charge, file the report before its due date and put the state&rsquo;s receipt in your
              documents. If a charge fails, we email you a link to pay and you have {ANNUAL_REPORT_GRACE_DAYS} days to pay; unpaid after that, we do not file
              the report and the service ends. You can cancel on your order page at any time, in one step: nothing more is charged after you cancel.
            </p>

            <h2>7. Refunds</h2>
            <p>
              Our money-back guarantee and how refunds work are in the <Link to={paths.refundPolicy}>Refund Policy</Link>, which is part of these terms.
            </p>

            <h2>8. Your documents</h2>
            <p>
              The documents we prepare are yours to use for your business. An operating agreement template is a starting point, not advice written for you: have
              a lawyer licensed in your state review it before you rely on it.
            </p>

            <h2>9. Your data</h2>
            <p>
              What we collect, why, who else sees it and how long we keep it is in the <Link to={paths.privacy}>Privacy Policy</Link>.
            </p>

            <h2>10. The limits of our responsibility</h2>
            <p>
              We do our work with care. We are not responsible for what a state, the IRS or another authority decides or how long it takes, nor for mistakes in
              information you gave us. If we are responsible for a loss, the most we owe you is what you paid us for the order concerned, apart from the state’s
              fee. Nothing in these terms takes away rights the law gives you that cannot be taken away.
            </p>

            <h2>11. Changes to these terms</h2>
            <p>
              When we change these terms we publish a new version here, with its date. An order stays under the version recorded on it at payment, unless you
              agree to a later one.
            </p>

            <h2>12. Which law applies</h2>
            <p>
              {homeState
                ? `These terms are governed by the laws of ${homeState}, where we are based, and of the United States. `
                : 'These terms are governed by the laws of the United States and of the state where we are based. '}
              If we disagree about something, write to us first: most problems are solved that way.
            </p>
          </>
        );
      }}
    </LegalPage>
  );
}
