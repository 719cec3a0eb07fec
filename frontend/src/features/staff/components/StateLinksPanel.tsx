import { stateLinksOf } from '#shared/staff/state-links.ts';

const LINK = 'text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700';

/** The order's state's own pages: its business-entity search, its filing office and its online annual report. */
export function StateLinksPanel({ state }: { state: string }) {
  const links = stateLinksOf(state);
  if (!links) return null;
  const pages = [
    links.entitySearchUrl ? { href: links.entitySearchUrl, text: `${links.name} business-entity search` } : null,
    links.agencyUrl ? { href: links.agencyUrl, text: links.agency ?? `${links.name} filing office` } : null,
    links.annualReportUrl ? { href: links.annualReportUrl, text: `${links.name} annual report online` } : null,
  ].filter((p) => p !== null);
  return (
    <section aria-labelledby="state-links-title" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="state-links-title" className="text-sm font-semibold text-slate-900">
        {links.name} pages
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {pages.map((p) => (
          <li key={p.href}>
            <a href={p.href} target="_blank" rel="noopener noreferrer" className={LINK}>
              {p.text}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">Links checked {links.verifiedAt}, from the US LLC State Requirements Dataset (StartupSole LLC, CC BY 4.0).</p>
    </section>
  );
}
