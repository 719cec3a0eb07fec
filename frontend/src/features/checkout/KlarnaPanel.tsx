import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatUsd } from '#shared/money.ts';
import { PROVIDER_SCRIPTS } from '#shared/payments/methods.ts';
import { Button } from '../../components/Button.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { paths } from '../../paths.ts';
import { placeKlarnaOrder } from './api.ts';
import { loadScript } from './load-script.ts';
import { showPaymentError, showToast } from './payment-toasts.ts';

interface KlarnaSdk {
  Payments: {
    init(opts: { client_token: string }): void;
    load(opts: { container: string; payment_method_category?: string }, cb: (res: { show_form: boolean }) => void): void;
    authorize(
      opts: { payment_method_category?: string },
      data: object,
      cb: (res: { approved: boolean; authorization_token?: string; show_form?: boolean }) => void,
    ): void;
  };
}

/** The server-created Klarna Payments session. */
export type KlarnaSession = ResponseOf<'POST /api/klarna/create-session'>;

/** Klarna Payments widget for the server-created session; the order is placed by the server. */
export function KlarnaPanel({ applicationId, session, total }: { applicationId: string; session: KlarnaSession; total: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const category = session.payment_method_categories[0]?.identifier;

  const pay = async () => {
    setBusy(true);
    try {
      await loadScript(PROVIDER_SCRIPTS.klarna);
      const Klarna = (window as unknown as { Klarna: KlarnaSdk }).Klarna;
      Klarna.Payments.init({ client_token: session.client_token });
      await new Promise<void>((resolve) => Klarna.Payments.load({ container: '#klarna-container', payment_method_category: category }, () => resolve()));
      const auth = await new Promise<{ approved: boolean; authorization_token?: string }>((resolve) =>
        Klarna.Payments.authorize({ payment_method_category: category }, {}, resolve),
      );
      if (!auth.approved || !auth.authorization_token) {
        setBusy(false);
        return;
      }
      await placeKlarnaOrder(applicationId, auth.authorization_token);
      navigate(paths.success('klarna', applicationId));
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Could not load')) showToast('setupFailed');
      else showPaymentError(err);
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Pay over time with Klarna. You will confirm the plan in Klarna's window.</p>
      <div id="klarna-container" />
      <Button size="lg" className="w-full" onClick={pay} disabled={busy}>
        {busy ? 'Opening Klarna…' : `Continue with Klarna (${formatUsd(total)})`}
      </Button>
    </div>
  );
}
