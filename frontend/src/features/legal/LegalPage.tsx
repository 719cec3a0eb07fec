import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LEGAL_DOCUMENTS, type LegalDocument } from '#shared/legal/versions.ts';
import { formatAddress, type OperatorSettings } from '#shared/operator/facts.ts';
import { writtenDate } from '#shared/written-date.ts';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useOperatorSettings } from '../../lib/operator.ts';
import { paths } from '../../paths.ts';

/**
 * The frame of the pages a paying customer reads (docs/product.md "Legal pages"): the title, the
 * version and the date it took effect (shared/legal/versions.ts), and the text, which names the
 * operator from its settings. A setting that is not set is left out of the sentence, never shown
 * as a placeholder.
 */
export function LegalPage({
  doc,
  description,
  children,
}: {
  doc: LegalDocument;
  description: string;
  children: (operator: OperatorSettings | undefined) => ReactNode;
}) {
  const { title, version, effective } = LEGAL_DOCUMENTS[doc];
  usePageMeta({ title: `${title} | CreatorLLC`, description });
  const operator = useOperatorSettings();
  return (
    <>
      <SiteHeader />
      <main className="bg-white px-4 py-12 sm:px-6">
        <article className="mx-auto max-w-3xl text-slate-800">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-600" data-testid="legal-version">
            Version {version}, in effect from {writtenDate(effective)}.
          </p>
          <div className="legal mt-8 space-y-4 text-base leading-7 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline">
            {children(operator)}
          </div>
          <nav aria-label="Legal pages" className="mt-12 flex flex-wrap gap-4 border-t border-slate-200 pt-6 text-sm">
            {doc !== 'terms' ? <Link to={paths.terms}>Terms of Service</Link> : null}
            {doc !== 'privacy' ? <Link to={paths.privacy}>Privacy Policy</Link> : null}
            {doc !== 'refunds' ? <Link to={paths.refundPolicy}>Refund Policy</Link> : null}
            <Link to={paths.contact}>Contact us</Link>
          </nav>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}

/** "Creator Filings LLC (100 Biscayne Blvd, Miami, FL 33132)", or just what is set; undefined when nothing is. */
export function operatorIdentity(o: OperatorSettings | undefined): string | undefined {
  if (!o?.legalName) return undefined;
  return o.address ? `${o.legalName}, ${formatAddress(o.address)}` : o.legalName;
}

/** Who "we" are, in a sentence: the operator's legal name and address when set, else the service by its brand. */
export function WhoWeAre({ operator }: { operator: OperatorSettings | undefined }) {
  const identity = operatorIdentity(operator);
  return (
    <p data-testid="operator-identity">
      {identity ? (
        <>
          CreatorLLC is run by <strong>{operator?.legalName}</strong>
          {operator?.address ? <>, {formatAddress(operator.address)}</> : null} (“we”, “us”).
        </>
      ) : (
        <>CreatorLLC (“we”, “us”) is the online LLC-formation service at this website.</>
      )}
    </p>
  );
}

/** How to reach us: the support email and phone when set, and always the contact form. */
export function ReachUs({ operator }: { operator: OperatorSettings | undefined }) {
  return (
    <p>
      You can reach us through the <Link to={paths.contact}>contact form</Link>
      {operator?.supportEmail ? (
        <>
          , by email at <a href={`mailto:${operator.supportEmail}`}>{operator.supportEmail}</a>
        </>
      ) : null}
      {operator?.supportPhone ? (
        <>
          {' '}
          or by phone at <a href={`tel:${operator.supportPhone.replace(/[^\d+]/g, '')}`}>{operator.supportPhone}</a>
        </>
      ) : null}
      {operator?.address ? <>, or by post at {formatAddress(operator.address)}</> : null}.
    </p>
  );
}
