import { makeSiteText } from '../../components/SiteText.tsx';

/**
 * A landing text component over a table of defaults: the staff-edited content item for
 * ('landing', k) when one exists (HTML items rendered sanitised), else the default; "{name}"
 * placeholders filled in.
 */
export function makeCopy(defaults: Readonly<Record<string, string>>) {
  return makeSiteText('landing', defaults);
}

export const SECTION = 'scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20';
export const H2 = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';
