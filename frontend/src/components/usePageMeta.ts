import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description?: string;
}

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

let renderedMeta: PageMeta | undefined;

/** The metadata the page rendered on the server asked for (site/render-page.tsx), then forgotten. */
export function takeRenderedPageMeta(): PageMeta | undefined {
  const meta = renderedMeta;
  renderedMeta = undefined;
  return meta;
}

/**
 * Per-screen metadata for a single-page app: the document title, description, canonical link
 * and the social-share tags follow the current screen. A prerendered page has them in its HTML
 * already (site/render-page.tsx); the app shell gets them here.
 */
export function usePageMeta({ title, description }: PageMeta): void {
  // Prerendering (no document): the page's metadata goes into its HTML head instead.
  if (typeof document === 'undefined') renderedMeta = { title, description };
  useEffect(() => {
    document.title = title;
    setMeta('property', 'og:title', title);
    setMeta('name', 'twitter:title', title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
      setMeta('name', 'twitter:description', description);
    }
    const url = `${window.location.origin}${window.location.pathname}`;
    setMeta('property', 'og:url', url);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = url;
  }, [title, description]);
}
