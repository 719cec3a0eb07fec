/**
 * The versions of the pages a paying customer agrees to (docs/product.md section 2, "Legal pages").
 * A change to a page's meaning gets a new version and date here; the page shows both, and every
 * order records the Terms version in force when its payment started (`termsVersion`).
 */
export const LEGAL_DOCUMENTS = {
  terms: { title: 'Terms of Service', version: '1.3', effective: '2026-12-02' },
  privacy: { title: 'Privacy Policy', version: '1.2', effective: '2026-12-02' },
  refunds: { title: 'Refund Policy', version: '1.6', effective: '2026-12-02' },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** What an order records at payment: the Terms (which include the Refund and Privacy policies by reference). */
export const TERMS_VERSION = `${LEGAL_DOCUMENTS.terms.version} (${LEGAL_DOCUMENTS.terms.effective})`;
