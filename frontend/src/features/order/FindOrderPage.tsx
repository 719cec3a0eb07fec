import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/**
 * "Find my order": the customer types the email they ordered with, and we email that address a
 * link to each order (and each unpaid application) placed with it. The page says the same thing
 * whatever the address, so it tells nobody whether someone is a customer.
 */
export default function FindOrderPage() {
  usePageMeta({
    title: 'Find your order | CreatorLLC',
    description: 'Type the email you ordered with and we will email you a link to each of your orders.',
  });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setFieldError(null);
    setError(null);
    try {
      await apiCall('POST /api/order-lookups', { body: { email } });
      setSentTo(email.trim());
    } catch (err) {
      const detail = err instanceof ApiError ? err.body?.details?.email?.[0] : undefined;
      if (detail) setFieldError(detail);
      else setError(failureMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <SiteHeader />
      <main className="bg-gradient-to-b from-indigo-50/60 to-white px-4 py-12 sm:px-6 sm:py-16">
        <Card className="mx-auto max-w-xl sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Find your order</h1>
          {sentTo ? (
            <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
              <p className="font-semibold">Check your inbox</p>
              <p className="mt-1 text-sm">
                If {sentTo} has orders or applications with us, a link to each is on its way to that address. It usually arrives within a few minutes; check
                your spam folder too.
              </p>
              <button type="button" className="mt-3 text-sm font-medium text-emerald-900 underline" onClick={() => setSentTo(null)}>
                Use another email
              </button>
            </div>
          ) : (
            <>
              <p className="mt-3 text-slate-700">
                Type the email you gave us when you ordered. We email that address a link to each of your orders, and to any application you have not paid for
                yet, so you can open them in this browser.
              </p>
              <form className="mt-6" onSubmit={submit} noValidate>
                <label htmlFor="find-order-email" className="block text-sm font-medium text-slate-800">
                  Email
                </label>
                <input
                  id="find-order-email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  className={INPUT}
                  aria-invalid={Boolean(fieldError)}
                  aria-describedby={fieldError ? 'find-order-email-error' : undefined}
                />
                {fieldError ? (
                  <p id="find-order-email-error" className="mt-1 text-sm text-red-700">
                    {fieldError}
                  </p>
                ) : null}
                <Button type="submit" size="lg" className="mt-5 w-full sm:w-auto" disabled={pending}>
                  {pending ? 'Sending…' : 'Email me my order links'}
                </Button>
              </form>
            </>
          )}
          {error ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </Card>
      </main>
      <SiteFooter />
    </>
  );
}
