import { ButtonLink } from '../../components/Button.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { paths } from '../../paths.ts';

/** Any path the site does not know (docs/product.md section 2). */
export default function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found | CreatorLLC' });
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-20">
        <div className="max-w-md text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700">404</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">Page Not Found</h1>
          <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.home} size="lg">
              Go back home
            </ButtonLink>
            <ButtonLink to={paths.pricing} size="lg" variant="secondary">
              View Pricing
            </ButtonLink>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
