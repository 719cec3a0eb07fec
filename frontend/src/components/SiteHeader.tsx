import { Link } from 'react-router-dom';
import { paths } from '../paths.ts';
import { ButtonLink } from './Button.tsx';
import { Logo } from './Logo.tsx';

const NAV_LINK = 'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/** In the phone menu, a link click also closes the menu. */
function closeMenu() {
  (document.getElementById('site-menu') as (HTMLElement & { hidePopover?: () => void }) | null)?.hidePopover?.();
}

function NavLinks({ inMenu = false }: { inMenu?: boolean }) {
  const onClick = inMenu ? closeMenu : undefined;
  return (
    <>
      <Link to={paths.homeSection('how-it-works')} className={NAV_LINK} onClick={onClick}>
        How It Works
      </Link>
      <Link to={paths.pricing} className={NAV_LINK} onClick={onClick}>
        Pricing
      </Link>
      <Link to={paths.findOrder} className={NAV_LINK} onClick={onClick}>
        Find My Order
      </Link>
    </>
  );
}

/**
 * The sticky site header (docs/product.md "Landing page"): logo home, the how-it-works anchor, pricing and
 * Get Started. Below 768 px the text links fold into a native popover menu.
 */
export function SiteHeader() {
  return (
    <header data-site-header="" className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 px-4 backdrop-blur sm:px-6">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 sm:gap-3">
        <Link to={paths.home} aria-label="CreatorLLC home" className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <div className="hidden gap-1 md:flex">
            <NavLinks />
          </div>
          <ButtonLink to={paths.wizard()} className="whitespace-nowrap max-sm:px-3 sm:ml-1">
            Get Started
          </ButtonLink>
          <button
            type="button"
            popoverTarget="site-menu"
            aria-label="Menu"
            className="ml-0.5 rounded-lg p-1.5 text-slate-700 hover:bg-slate-100 sm:p-2 md:hidden"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <div id="site-menu" popover="auto" className="mt-16 mr-4 ml-auto w-48 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg">
            <NavLinks inMenu />
          </div>
        </nav>
      </div>
    </header>
  );
}
