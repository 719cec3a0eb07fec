import { useSiteText } from '../lib/site-text.ts';
import { SafeHtml } from './SafeHtml.tsx';

interface TextProps {
  /** The section key, e.g. 'hero.title' (one of shared/content/registry.ts). */
  k: string;
  /** Values for "{name}" placeholders. */
  vars?: Record<string, string>;
}

const fill = (text: string, vars?: Record<string, string>) => (vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole) : text);

/**
 * A site-text component for one page over its table of defaults: the staff-edited content item
 * for (page, k) when one exists, else the default; "{name}" placeholders filled in. Text items
 * render as text; HTML items as sanitised HTML (inline, so headings and paragraphs stay valid).
 */
export function makeSiteText(page: string, defaults: Readonly<Record<string, string>>) {
  return function SiteText({ k, vars }: TextProps) {
    const { text, item } = useSiteText(page, k, defaults[k] ?? '');
    const filled = fill(text, vars);
    if (item?.contentType === 'html') return <SafeHtml as="span" html={filled} />;
    return filled;
  };
}
