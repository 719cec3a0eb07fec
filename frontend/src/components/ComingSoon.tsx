import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths.ts';

interface ComingSoonProps {
  /** What the visitor clicked, e.g. "Privacy Policy". */
  title: string;
  /** Shown in the small panel that opens. */
  message: string;
  /** Visible content of the trigger (text or an icon). */
  children: ReactNode;
  /** Accessible name when the trigger is only an icon. */
  label?: string;
  className?: string;
}

/**
 * A placeholder for something not published yet (privacy policy, terms, live chat, social
 * profiles): a real button that opens a native popover saying so and pointing to the Contact page,
 * instead of a dead "#" link. Needs no JavaScript of ours to open or close.
 */
export function ComingSoon({ title, message, children, label, className = '' }: ComingSoonProps) {
  const id = useId();
  const popoverId = `coming-soon-${id.replace(/:/g, '')}`;
  return (
    <>
      <button type="button" popoverTarget={popoverId} aria-label={label} className={className}>
        {children}
      </button>
      <div
        id={popoverId}
        popover="auto"
        role="dialog"
        aria-label={title}
        className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-left text-slate-700 shadow-xl backdrop:bg-slate-900/40"
      >
        <p className="text-base font-semibold text-slate-900">{title}</p>
        <p className="mt-2 text-sm">{message}</p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <Link to={paths.contact} className="text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline">
            Contact us
          </Link>
          <button
            type="button"
            popoverTarget={popoverId}
            popoverTargetAction="hide"
            className="rounded-lg bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-200"
          >
            Close
          </button>
        </div>
      </div>
    </>
  );
}

const LEGAL_PAGES = {
  privacy: {
    title: 'Privacy Policy',
    message: 'Our full privacy policy is being finalised and will be published here. Questions about your data? Contact us.',
  },
  terms: { title: 'Terms of Service', message: 'Our terms of service are being finalised and will be published here. Questions? Contact us.' },
} as const;

/** The not-yet-published privacy policy or terms (footer, wizard review step): one text for each, wherever linked. */
export function LegalPlaceholder({ page, className }: { page: keyof typeof LEGAL_PAGES; className?: string }) {
  const { title, message } = LEGAL_PAGES[page];
  return (
    <ComingSoon title={title} message={message} className={className}>
      {title}
    </ComingSoon>
  );
}
