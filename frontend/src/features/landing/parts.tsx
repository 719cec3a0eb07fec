import { useSiteText } from '../../lib/site-text.ts';

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

export const SECTION = 'scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20';
export const H2 = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';
