import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from './Button.tsx';
import { Logo } from './Logo.tsx';

const NAV_LINK = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The sticky site header (SPEC "Landing page"): logo home, the how-it-works anchor, pricing and
 * Get Started. On phones the two text links fold into a small menu.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label="CreatorLLC home" className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <div className="hidden items-center gap-1 sm:flex">
            <Link to="/#how-it-works" className={NAV_LINK}>
              How It Works
            </Link>
            <Link to="/pricing" className={NAV_LINK}>
              Pricing
            </Link>
          </div>
          <ButtonLink to="/wizard" className="ml-1">
            Get Started
          </ButtonLink>
          <button
            type="button"
            className="ml-1 inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 sm:hidden"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </nav>
      </div>
      <div id="site-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white px-4 py-2 sm:hidden">
          <Link to="/#how-it-works" className={`block ${NAV_LINK}`} onClick={() => setMenuOpen(false)}>
            How It Works
          </Link>
          <Link to="/pricing" className={`block ${NAV_LINK}`} onClick={() => setMenuOpen(false)}>
            Pricing
          </Link>
      </div>
    </header>
  );
}
