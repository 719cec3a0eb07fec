import { boughtFlags } from '#shared/catalog/catalog.ts';
import { deliverablesFor, expectedDocuments, outdatedDocuments } from '#shared/orders/deliverables.ts';
import type { StaffDocument, StaffDocuments } from '#shared/orders/documents.schema.ts';
import { type DocumentKind, documentsBlocker, GENERATED_KINDS, STAFF_ONLY_KINDS } from '#shared/orders/documents.ts';
import type { HomeRegistrationView } from '#shared/orders/home-registration.schema.ts';
import { homeRegistrationFacts, homeRegistrationSteps } from '#shared/orders/home-registration.ts';
import type { OrderDocument } from '#shared/orders/view.schema.ts';
import type { ApplicationItem, StoredDocument } from '../../data/applications/item.ts';
import { staffElection } from './election-view.ts';
import { staffMail } from './mail-view.ts';
import { orderReceipts } from './receipts.ts';
import { taxSummaryDocument } from './tax-summary.ts';

/**
 * Which documents an order has, as staff and as the customer see them (docs/product.md
 * section 10, "Documents"). Staff see every version; the customer's vault shows, of each
 * generated kind, the newest version and the one filed with the state, every uploaded document,
 * and never the staff cover sheet.
 */

const newestFirst = <T extends { createdAt: string; version: number }>(a: T, b: T) => b.createdAt.localeCompare(a.createdAt) || b.version - a.version;

const isGenerated = (kind: DocumentKind) => (GENERATED_KINDS as readonly DocumentKind[]).includes(kind);

/** The filing state and the add-ons the order was priced with (what was sold). */
export function soldOrder(app: ApplicationItem) {
  return { state: (app.pricedOrder?.state ?? app.state ?? '').toUpperCase(), ...boughtFlags(app) };
}

/**
 * Expected kinds with no generated version yet (documents are expected once staff start
 * processing: shared/orders/deliverables.ts expectedDocuments, from the catalog), and those whose
 * newest copy predates a fact it prints (the Form 2553 worksheet before the filing date or the EIN).
 */
export function missingKinds(app: ApplicationItem): DocumentKind[] {
  if (documentsBlocker(app)) return [];
  const have = new Set((app.documents ?? []).filter((d) => d.origin === 'generated').map((d) => d.kind as string));
  const absent = expectedDocuments(app)
    .filter((either) => !either.some((k) => have.has(k)))
    .map((either) => either[0] as DocumentKind);
  const outdated = outdatedDocuments(app).map((d) => d.kind as DocumentKind);
  return [...absent, ...outdated];
}

function staffDocument(d: StoredDocument): StaffDocument {
  return {
    id: d.id,
    kind: d.kind,
    title: d.title,
    createdAt: d.createdAt,
    origin: d.origin,
    version: d.version,
    size: d.size,
    ...(d.filed ? { filed: true } : {}),
    ...(d.fileNumber ? { fileNumber: d.fileNumber } : {}),
    ...(d.createdBy ? { createdBy: d.createdBy } : {}),
  };
}

/** GET /api/staff/applications/{id}/documents: every version, newest first, and what is missing. */
export function staffDocuments(app: ApplicationItem): StaffDocuments {
  const blocker = documentsBlocker(app);
  return {
    documents: [...(app.documents ?? [])].sort(newestFirst).map(staffDocument),
    missing: missingKinds(app),
    ...(blocker ? { generateBlocker: blocker } : {}),
    ...(app.documentsProblem ? { problem: app.documentsProblem } : {}),
    deliverables: deliverablesFor(app),
    ...(app.ein ? { ein: app.ein } : {}),
    ...(app.mail?.length ? { mail: staffMail(app) } : {}),
    ...electionOf(staffElection(app)),
    ...homeRegistrationOf(app),
  };
}

/** The staff modal's home-state registration panel, for an order formed away from the owner's home state (docs/decisions/0429). */
function homeRegistrationOf(app: ApplicationItem): { homeRegistration?: HomeRegistrationView } {
  const f = homeRegistrationFacts(app);
  if (!f) return {};
  const purchase = (app.purchases ?? []).find((p) => p.key === 'homeStateRegistration' && (p.state === 'paid' || p.state === 'pending'));
  const confirmed = f.confirmed ? app.homeStateFee : undefined;
  return {
    homeRegistration: {
      home: f.home,
      homeName: f.homeName,
      formationName: f.formationName,
      dataFeeUsd: f.dataFeeUsd,
      ...(f.source ? { source: f.source } : {}),
      ...(confirmed
        ? {
            confirmed: {
              usd: confirmed.usd,
              confirmedAt: confirmed.confirmedAt,
              confirmedBy: confirmed.confirmedBy,
              ...(confirmed.note ? { note: confirmed.note } : {}),
            },
          }
        : {}),
      bought: purchase?.state === 'paid' ? 'paid' : purchase ? 'pending' : 'no',
      goodStanding: f.goodStandingText,
      steps: homeRegistrationSteps(app),
    },
  };
}

const electionOf = <T>(view: T | undefined) => (view ? { election: view } : {});

/** The documents of the customer's vault, newest first. */
export function vaultDocuments(app: ApplicationItem): StoredDocument[] {
  const all = (app.documents ?? []).filter((d) => !STAFF_ONLY_KINDS.includes(d.kind));
  const newest = new Map<DocumentKind, StoredDocument>();
  // The IRS acceptance letter is one letter: an upload of it again (a clearer scan) replaces the earlier one (docs/decisions/0436).
  const latestOnly = (kind: DocumentKind) => isGenerated(kind) || kind === 'cp261_letter';
  for (const d of all) if (latestOnly(d.kind) && (newest.get(d.kind)?.version ?? 0) < d.version) newest.set(d.kind, d);
  return all.filter((d) => !latestOnly(d.kind) || d.filed || newest.get(d.kind) === d).sort(newestFirst);
}

/** The order page's `documents` (shared/orders/view.schema.ts). */
export function customerDocuments(app: ApplicationItem): OrderDocument[] {
  const stored = vaultDocuments(app).map(
    (d): OrderDocument => ({
      id: d.id,
      kind: d.kind,
      title: d.title,
      createdAt: d.createdAt,
      origin: d.origin,
      ...(d.filed ? { filed: true } : {}),
    }),
  );
  // A receipt for the payment and for each refund (./receipts.ts), after the order's own documents.
  const receipts = orderReceipts(app)
    .map((r): OrderDocument => ({ id: r.id, kind: r.kind, title: r.title, createdAt: r.createdAt, origin: 'generated' }))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  // The year-end tax summary of the saved tax plan (./tax-summary.ts), last.
  const summary = taxSummaryDocument(app);
  return [...stored, ...receipts, ...(summary ? [{ ...summary, origin: 'generated' as const }] : [])];
}
