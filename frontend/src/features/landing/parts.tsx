import { useSiteText } from '../content/useSiteText.ts';

interface CopyProps {
  /** The section key, e.g. 'hero.title'. */
  k: string;
  /** Values for "{name}" placeholders. */
  vars?: Record<string, string>;
}

/**
 * A landing text component over a table of defaults: the staff-edited content item for
 * ('landing', k) when one exists, else the default; "{name}" placeholders filled in.
 */
export function makeCopy(defaults: Record<string, string>) {
  return function Copy({ k, vars }: CopyProps) {
    const { text } = useSiteText('landing', k, defaults[k] ?? '');
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  };
}

export function CheckIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`${className} shrink-0`} aria-hidden="true" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export const SECTION = 'scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20';
export const H2 = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

