import { ADD_ON_KEYS, type AddOnSelection, boughtFlags, type CatalogDeliverableKey, OWING_ENTRIES } from '../catalog/catalog.ts';
import type { CatalogEntry, OrderFacts, OwedHelpers } from '../catalog/types.ts';
import { addDays } from '../compliance/dates.ts';
import { PUBLICATION_RULES, publicationCostText } from '../compliance/rules.ts';
import { findState } from '../states.ts';
import { writtenDate } from '../written-date.ts';

/**
 * What an order owes its customer, and what of it is delivered (docs/product.md section 10,
 * "Deliverables"). One rule for the order page's checklist, the staff modal, the Mark Complete
 * gate (shared/application-status.ts staffMoveBlocker, enforced inside the server's conditional
 * write) and the "documents ready" email. Pure: it reads the order as stored.
 *
 * What each thing we sell owes, and when it is delivered, is its catalog entry's (`owes`,
 * shared/catalog/entries.ts); what was sold is read from the order frozen at payment
 * (`pricedOrder`), not from the add-on flags a visitor could still change. The home-state
 * registration is the customer's own task, not something we sell; so is a formation publication
 * (New York's, PUBLICATION_RULES) while the order has not bought ours.
 */

export const DELIVERABLE_KEYS = [...new Set([...OWING_ENTRIES.map((e) => e.owes!.deliverable), 'publication', 'home_registration'])] as unknown as [
  DeliverableKey,
  ...DeliverableKey[],
];
export type DeliverableKey = CatalogDeliverableKey | 'publication' | 'home_registration';

export interface Deliverable {
  key: DeliverableKey;
  label: string;
  /** `us`: we owe it and the order cannot be completed without it. `customer`: the customer's own task (on their calendar). */
  by: 'us' | 'customer';
  delivered: boolean;
  /** When it was delivered (ISO timestamp). */
  deliveredAt?: string;
  /** The customer-facing status sentence. */
  status: string;
  /** What is still missing, for staff (only when not delivered). */
  missing?: string;
}

/** The parts of an order the rule reads (an application item, or the staff view of one). */
export type DeliverablesInput = Omit<OrderFacts, 'pricedOrder'> &
  AddOnSelection & {
    pricedOrder?: ({ state?: string } & AddOnSelection) | null;
    /** The state's filing date (YYYY-MM-DD), recorded by Mark Filed: the formation date deadlines count from. */
    filedOn?: string | null;
  };

function helpers(input: DeliverablesInput): OwedHelpers {
  return {
    newest: (kind) =>
      (input.documents ?? [])
        .filter((d) => d.kind === kind)
        .reduce<{ createdAt: string } | undefined>((n, d) => (!n || d.createdAt > n.createdAt ? d : n), undefined),
    on: (at) => writtenDate(at),
  };
}

/** Whether the order owes an entry: bought (the frozen order first), or its own condition (our registered agent chosen). */
function owes(entry: CatalogEntry, input: DeliverablesInput, bought: Record<string, boolean>): boolean {
  if (entry.owes?.owedBy) return entry.owes.owedBy(input);
  return !(ADD_ON_KEYS as string[]).includes(entry.key) || bought[entry.key] === true;
}

/** The entries the order owes, in catalog order. */
export function owedEntries(input: DeliverablesInput): CatalogEntry[] {
  const bought = boughtFlags(input);
  return OWING_ENTRIES.filter((e) => owes(e, input, bought));
}

/**
 * The generated documents the order should have, each with the kinds that count in its place:
 * those of every entry it owes, when the order holds what they are made from.
 */
export function expectedDocuments(input: DeliverablesInput): string[][] {
  return owedEntries(input)
    .flatMap((e) => e.documents)
    .filter((d) => d.made === 'generated' && !d.onlyInstead && (!d.needs || d.needs(input)))
    .map((d) => [d.kind, ...(d.orInstead ?? [])]);
}

/**
 * The generated documents of what the order bought whose newest copy is older than a fact
 * recorded since (the Form 2553 worksheet before the filing date or the EIN), each with what.
 */
export function outdatedDocuments(input: DeliverablesInput): { kind: string; by: string[] }[] {
  const h = helpers(input);
  return owedEntries(input)
    .flatMap((e) => e.documents)
    .flatMap((d) => {
      const by = d.outdatedBy?.(input, h) ?? [];
      return by.length ? [{ kind: d.kind, by }] : [];
    });
}

/** Every deliverable of the order, in checklist order, each with whether (and when) it is delivered. */
export function deliverablesFor(input: DeliverablesInput): Deliverable[] {
  const h = helpers(input);
  const bought = boughtFlags(input);
  const out: Deliverable[] = OWING_ENTRIES.filter((e) => owes(e, input, bought)).map((e) => ({
    key: e.owes!.deliverable as DeliverableKey,
    by: e.owes!.by,
    ...e.owes!.rule(input, h),
  }));
  const state = (input.pricedOrder?.state ?? input.state ?? '').toUpperCase();
  const publication = publicationTask(state, input, out);
  if (publication) out.push(publication);
  const home = (input.residenceState ?? '').toUpperCase();
  // The customer's task unless bought from us (then it is ours: the catalog's deliverable of the same key, listed already).
  if (home && state && home !== state && !out.some((d) => d.key === 'home_registration')) {
    const name = findState(home)?.name ?? home;
    out.push({
      key: 'home_registration',
      label: `Registration in ${name}, your home state`,
      by: 'customer',
      delivered: false,
      status: `Your task: it is on your compliance calendar with its form, fee and source`,
    });
  }
  return out;
}

/**
 * The filing state's publication rule as the customer's task, when the order has not bought it
 * from us (then it is ours: the catalog's deliverable of the same key, listed already): what to
 * do, its deadline from the state's filing date (or how it is counted, before the LLC is filed),
 * what happens if it is skipped, and what it costs as far as the data knows, with the source.
 */
function publicationTask(state: string, input: DeliverablesInput, listed: readonly Deliverable[]): Deliverable | undefined {
  const rule = PUBLICATION_RULES[state];
  if (!rule || listed.some((d) => d.key === 'publication')) return undefined;
  const name = findState(state)?.name ?? state;
  const filed = input.filedOn && /^\d{4}-\d{2}-\d{2}/.test(input.filedOn) ? input.filedOn.slice(0, 10) : undefined;
  const deadline = filed
    ? `by ${writtenDate(addDays(filed, rule.withinDays))} (${rule.withinDays} days after the state filed your LLC on ${writtenDate(filed)})`
    : `within ${rule.withinDays} days of the day the state files your LLC`;
  return {
    key: 'publication',
    label: `${rule.task} within ${rule.withinDays} days (${name} publication)`,
    by: 'customer',
    delivered: false,
    status: `Your task, ${deadline}: ${rule.what}. If it is not done, ${rule.ifSkipped}. ${publicationCostText(rule, name)} Source: ${rule.source.name}.`,
  };
}

/** What we owe and have not delivered: the order cannot be completed while this is not empty. */
export function missingDeliverables(input: DeliverablesInput | { deliverables: readonly Deliverable[] }): Deliverable[] {
  const list = 'deliverables' in input ? (input.deliverables as readonly Deliverable[]) : deliverablesFor(input);
  return list.filter((d) => d.by === 'us' && !d.delivered);
}

/** The sentence the Mark Complete button shows, and the server's refusal says, or undefined. */
export function completionBlocker(input: DeliverablesInput | { deliverables: readonly Deliverable[] }): string | undefined {
  const missing = missingDeliverables(input);
  if (missing.length === 0) return undefined;
  return `Not everything the order bought is delivered: ${missing.map((d) => d.missing ?? d.label).join('; ')}`;
}

/** The lines of the "documents ready" email: what is delivered, as the checklist says. */
export function deliveredLines(list: readonly Deliverable[]): string[] {
  return list.filter((d) => d.by === 'us' && d.delivered).map((d) => `${d.label}: ${d.status}`);
}
