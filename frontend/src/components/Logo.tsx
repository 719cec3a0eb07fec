/** The CreatorLLC mark: an inline SVG so the header needs no image request. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-base font-bold sm:text-lg tracking-tight text-slate-900">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#4f46e5" />
        <path d="M11 10.5v11h4.5m2-11v11H22" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>
        Creator<span className="text-indigo-600">LLC</span>
      </span>
    </span>
  );
}
