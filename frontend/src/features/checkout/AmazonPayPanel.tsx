import { useEffect, useId } from 'react';
import { PROVIDER_SCRIPTS } from '#shared/payments/methods.ts';
import type { ResponseOf } from '../../lib/api-client.ts';
import { loadScript } from './load-script.ts';
import { showToast } from './payment-toasts.ts';

/** The server-signed checkout session Amazon's button is rendered with. */
export type AmazonPaySessionConfig = ResponseOf<'POST /api/amazon-pay/create-session'>;

interface AmazonSdk {
  Pay: { renderButton(selector: string, opts: Record<string, unknown>): void };
}

/** Renders Amazon's button with the server-signed checkout session; Amazon returns to /success. */
export function AmazonPayPanel({ config }: { config: AmazonPaySessionConfig }) {
  const id = `amazon-pay-button-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    let cancelled = false;
    loadScript(PROVIDER_SCRIPTS.amazonPay)
      .then(() => {
        if (cancelled) return;
        const amazon = (window as unknown as { amazon: AmazonSdk }).amazon;
        amazon.Pay.renderButton(`#${id}`, {
          merchantId: config.merchantId,
          publicKeyId: config.publicKeyId,
          ledgerCurrency: config.ledgerCurrency,
          checkoutLanguage: config.checkoutLanguage,
          productType: config.productType,
          placement: config.placement,
          buttonColor: 'Gold',
          sandbox: config.sandbox,
          createCheckoutSessionConfig: { payloadJSON: config.payloadJSON, signature: config.signature, algorithm: config.algorithm },
        });
      })
      .catch(() => showToast('setupFailed'));
    return () => {
      cancelled = true;
    };
  }, [config, id]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Pay with the card and address saved in your Amazon account.</p>
      <div id={id} className="min-h-12" />
    </div>
  );
}
