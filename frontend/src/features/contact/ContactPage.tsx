import { type FormEvent, useState } from 'react';
import { CONTACT_FIELD_MAX } from '#shared/staff/tickets.schema.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';

const INPUT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
const LABEL = 'block text-sm font-medium text-slate-800';

type Fields = { name: string; email: string; subject: string; message: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };

/** The footer's Contact page: a real form that opens a support ticket for the staff. */
export default function ContactPage() {
  usePageMeta({
    title: 'Contact us | CreatorLLC',
    description: 'Questions about forming your creator LLC? Send us a message and our team will get back to you by email.',
  });
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await apiCall('POST /api/support-tickets', { body: fields });
      setSentTo(fields.email);
      setFields(EMPTY);
    } catch (err) {
      if (err instanceof ApiError) {
        const details = err.body?.details;
        if (details) setErrors(Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])));
        toast('Message Not Sent', err.serverError ?? 'Please check the form and try again.', 'error');
      } else {
        toast('Message Not Sent', 'Failed to connect to server', 'error');
      }
    } finally {
      setPending(false);
    }
  }

  const field = (k: keyof Fields, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`contact-${k}`} className={LABEL}>
        {label}
      </label>
      {k === 'message' ? (
        <textarea
          id={`contact-${k}`}
          required
          rows={6}
          maxLength={CONTACT_FIELD_MAX.message}
          value={fields[k]}
          onChange={set(k)}
          className={INPUT}
          aria-invalid={Boolean(errors[k])}
          aria-describedby={errors[k] ? `contact-${k}-error` : undefined}
        />
      ) : (
        <input
          id={`contact-${k}`}
          required
          value={fields[k]}
          onChange={set(k)}
          className={INPUT}
          aria-invalid={Boolean(errors[k])}
          aria-describedby={errors[k] ? `contact-${k}-error` : undefined}
          {...props}
        />
      )}
      {errors[k] ? (
        <p id={`contact-${k}-error`} className="mt-1 text-sm text-red-700">
          {errors[k]}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <SiteHeader />
      <main className="bg-gradient-to-b from-indigo-50/60 to-white px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_1.3fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">Contact</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">We're here to help</h1>
            <p className="mt-4 text-slate-700">
              Questions about your filing, which state fits your business, or your order? Send us a message and our team will reply by email, usually within one
              business day.
            </p>
            <ul className="mt-6 space-y-2 text-sm text-slate-700">
              <li>• Filing status and documents</li>
              <li>• Choosing a formation state</li>
              <li>• Add-ons, payments and refunds</li>
            </ul>
            <p className="mt-6 text-xs text-slate-600">We do not give tax, legal or accounting advice.</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {sentTo ? (
              <div role="status" className="text-center">
                <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <svg viewBox="0 0 20 20" className="h-6 w-6" aria-hidden="true" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                      clipRule="evenodd"
                    />
                  </svg>
                </div>
                <h2 className="mt-4 text-xl font-semibold text-slate-900">Thank you for your message!</h2>
                <p className="mt-2 text-slate-700">We've received it and will reply to {sentTo} soon.</p>
                <div className="mt-6 flex flex-wrap justify-center gap-3">
                  <Button variant="secondary" onClick={() => setSentTo(null)}>
                    Send another message
                  </Button>
                  <ButtonLink to={paths.home}>Back to home</ButtonLink>
                </div>
              </div>
            ) : (
              <form onSubmit={submit} noValidate={false} className="space-y-4" aria-label="Contact form">
                <div className="grid gap-4 sm:grid-cols-2">
                  {field('name', 'Your name', { autoComplete: 'name', maxLength: CONTACT_FIELD_MAX.name })}
                  {field('email', 'Email', { type: 'email', autoComplete: 'email', maxLength: CONTACT_FIELD_MAX.email })}
                </div>
                {field('subject', 'Subject', { maxLength: CONTACT_FIELD_MAX.subject })}
                {field('message', 'Message')}
                <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
                  {pending ? 'Sending…' : 'Send message'}
                </Button>
              </form>
            )}
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
