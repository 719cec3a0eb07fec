import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { APPLE_PAY_REQUEST } from '#shared/payments/methods.ts';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { type ApplePayPayment, processApplePayPayment, validateApplePayMerchant } from './api.ts';
import { showToast } from './payment-toasts.ts';

/** The slice of Apple's ApplePaySession API we use (Safari only). */
interface ApplePaySessionLike {
  onvalidatemerchant: (e: { validationURL: string }) => void;
  onpaymentauthorized: (e: { payment: ApplePayPayment }) => void;
  oncancel?: () => void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  abort(): void;
  begin(): void;
}
interface ApplePaySessionCtor {
  new (version: number, request: object): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

export function applePaySession(): ApplePaySessionCtor | undefined {
  return (window as unknown as { ApplePaySession?: ApplePaySessionCtor }).ApplePaySession;
}

/** True only where Apple Pay can run (Safari on Apple devices with a card in Wallet). */
export function applePayAvailableInBrowser(): boolean {
  try {
    return Boolean(applePaySession()?.canMakePayments());
  } catch {
    return false;
  }
}

export function ApplePayPanel({ applicationId, total, label }: { applicationId: string; total: number; label: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const start = () => {
    const Session = applePaySession();
    if (!Session?.canMakePayments()) return showToast('applePayUnavailable');
    let session: ApplePaySessionLike;
    try {
      session = new Session(3, {
        ...APPLE_PAY_REQUEST,
        supportedNetworks: [...APPLE_PAY_REQUEST.supportedNetworks],
        merchantCapabilities: [...APPLE_PAY_REQUEST.merchantCapabilities],
        total: { label, amount: total.toFixed(2) },
      });
    } catch {
      return showToast('applePaySession');
    }
    setBusy(true);
    session.onvalidatemerchant = async ({ validationURL }) => {
      try {
        session.completeMerchantValidation(await validateApplePayMerchant(applicationId, validationURL));
      } catch (err) {
        // Merchant validation failure aborts the session (docs/product.md section 8).
        session.abort();
        setBusy(false);
        if (err instanceof ApiError && err.status === 503) showToast('applePayNotConfigured');
        else showToast('applePaySession');
      }
    };
    session.onpaymentauthorized = async ({ payment }) => {
      try {
        const result = await processApplePayPayment(applicationId, payment);
        if (result.success) {
          session.completePayment(Session.STATUS_SUCCESS);
          navigate(paths.success('apple-pay', applicationId));
          return;
        }
        session.completePayment(Session.STATUS_FAILURE);
        toast('Payment Failed', 'Payment processing failed', 'error');
      } catch (err) {
        session.completePayment(Session.STATUS_FAILURE);
        // A refused payment says why; no answer at all is a processing failure.
        if (err instanceof ApiError) toast('Payment Failed', err.serverError || 'Payment processing failed', 'error');
        else showToast('applePayProcessing');
      }
      setBusy(false);
    };
    session.oncancel = () => setBusy(false);
    session.begin();
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Pay with Face ID or Touch ID using a card in your Apple Wallet.</p>
      <button
        type="button"
        onClick={start}
        disabled={busy}
        className="flex h-12 w-full items-center justify-center rounded-xl bg-black text-base font-semibold text-white hover:bg-slate-900 disabled:opacity-60"
        aria-label="Pay with Apple Pay"
      >
        Pay
      </button>
    </div>
  );
}
