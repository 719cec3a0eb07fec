import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { Button } from '../../components/Button.tsx';
import { failureMessage } from '../../lib/api.ts';
import { orderQueryKey } from '../../lib/order-queries.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { decideEmailChange } from './order-api.ts';

/**
 * A change of the order's email address our team was asked for (docs/decisions/0409): the
 * customer confirms it (this browser stays in; every other link and browser stops opening the
 * order, and the new address gets a fresh link) or stops it. Until then nothing changes.
 */
export function EmailChangeNotice({ order }: { order: OrderView & { emailChange: NonNullable<OrderView['emailChange']> } }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'confirm' | 'stop' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = order.emailChange;

  async function decide(decision: 'confirm' | 'stop') {
    setBusy(decision);
    setError(null);
    try {
      const answer = await decideEmailChange(order.id, { decision, changeId: change.id });
      if (answer.resumeSecret) rememberResumeSecret(order.id, answer.resumeSecret);
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="email-change-title" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="email-change-title" className="text-base font-semibold text-amber-950">
        Change your order's email address?
      </h2>
      <p className="mt-1 break-words text-sm text-amber-950">
        Our team was asked to send every email about this order to <strong className="font-semibold">{change.email}</strong> instead of {order.email}. Nothing
        changes unless you confirm it. Once confirmed, the links in earlier emails stop working and we email a new one to the new address.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => void decide('confirm')} disabled={busy !== null}>
          {busy === 'confirm' ? 'Confirming…' : 'Yes, use the new address'}
        </Button>
        <Button variant="secondary" onClick={() => void decide('stop')} disabled={busy !== null}>
          {busy === 'stop' ? 'Stopping…' : 'No, stop this change'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
