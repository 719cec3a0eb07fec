import { Link } from 'react-router-dom';
import { RENEWAL_REFUND_DAYS, SERVICE_AFTER_REFUND_DAYS } from '#shared/compliance/renewal-charges.ts';
import { PURCHASE_REFUND_RULES } from '#shared/orders/purchase-refunds.ts';
import { paths } from '../../paths.ts';
import { LegalPage, ReachUs } from './LegalPage.tsx';

/**
 * Refund Policy (docs/product.md "Legal pages"): the money-back guarantee the checkout promises,
 * spelled out, how a refund reaches the customer, and the operator's own refund terms from its
 * settings.
 */
export default function RefundPolicyPage() {
  return (
    <LegalPage doc="refunds" description="The CreatorLLC money-back guarantee, and how refunds work.">
      {(operator) => (
        <>
          <h2>1. Our money-back guarantee</h2>
          <p>
            <strong>If we cannot file your LLC, we refund your payment in full</strong>: the state’s fee, our service fee and every add-on. That applies when
            the state refuses the filing for a reason we could have caught (such as a business name its rules do not allow), or when we cannot complete the
            filing on our side. You do not need to ask: we tell you and refund the payment.
          </p>
          <p>
            The guarantee does not cover a filing the state rejects because of information you gave us that was wrong or incomplete; we then ask you for the
            correct details and file again at no extra charge from us.
          </p>

          <h2>2. Payments we cannot accept</h2>
          <p>
            If a payment does not match your order (another amount, or an order that changed while you paid), we do not keep it: we hold it, check it, and
            refund it in full.
          </p>

          <h2>3. How a refund reaches you</h2>
          <ul>
            <li>Card and Apple Pay payments go back to the card you paid with, through Stripe.</li>
            <li>Klarna and Amazon Pay payments are refunded through Klarna or Amazon Pay.</li>
            <li>
              Every refund is emailed to you when we send it, with the amount, the reason and when to expect the money: your bank or provider usually shows it
              within 5 to 10 business days.
            </li>
          </ul>

          <h2>4. Refunds you ask for, and part refunds</h2>
          <p>
            Until we start preparing your filing, we can refund the whole payment. Once we have started, the state’s filing fee (and any state expedite fee) is
            paid to the state, which does not give it back: a refund you ask for then covers our service fee and add-ons, not the state’s fee, unless the
            guarantee above applies.
          </p>
          <p>
            A refund can be part of your payment (for example an add-on you no longer need): the rest of your order goes on as before. A refund of the whole
            payment closes the order, and we stop working on it.
          </p>
          <p>
            If you dispute a payment with your bank instead of asking us, we pause the filing until the dispute is closed; if the bank decides it for you, that
            counts as a refund.
          </p>

          <h2>5. Registered agent service</h2>
          <ul>
            <li>
              The first year is included in your formation price. You can cancel the yearly renewal at any time on your order page, in one step and without
              writing to us: nothing more is charged, and the page and our confirmation email say the day our service ends and what to file with the state to
              name another agent.
            </li>
            <li>
              A renewal you cancel within {RENEWAL_REFUND_DAYS} days of its charge is refunded in full, at once, to the card it was charged to. Our service then
              runs {SERVICE_AFTER_REFUND_DAYS} more days from the day you cancel, so you have time to name another agent.
            </li>
            <li>Cancelled later than that, the year under way is not refunded, and our service runs to its end.</li>
          </ul>
          <p data-testid="annual-reports-refunds">
            <strong>Annual reports filed for you.</strong> Cancelling on your order page stops every later charge. A report already charged when you cancel is
            still filed for you. If we do not file a report we charged for before its due date, we refund that charge in full. Once a report is filed, the state
            keeps its fee and ours has been earned, so neither is refunded.
          </p>

          <h2>6. Add-ons bought after payment</h2>
          <p>
            An add-on you buy on your order page after paying is a payment of its own, at the price the page showed, and is refunded on its own: a refund of it
            goes back to the card you paid it with, and the rest of your order goes on as before. If we cannot deliver it, we refund it in full.
          </p>
          <ul data-testid="purchase-refund-rules">
            {Object.values(PURCHASE_REFUND_RULES).map(({ name, rule }) => (
              <li key={name}>
                <strong>{name}</strong>: {rule}
              </li>
            ))}
          </ul>

          <h2>7. Other refunds</h2>
          {operator?.refundTerms ? (
            <div data-testid="refund-terms" className="space-y-3">
              {operator.refundTerms.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
            </div>
          ) : (
            <p>For any other refund request, write to us: we answer every request and explain our decision.</p>
          )}

          <h2>8. Ask for a refund</h2>
          <ReachUs operator={operator} />
          <p>
            Mention your order’s business name and the email you ordered with. The <Link to={paths.terms}>Terms of Service</Link> say what our service includes.
          </p>
        </>
      )}
    </LegalPage>
  );
}
