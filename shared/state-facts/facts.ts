import { normalizeCode } from './codes.ts';
// Typed access to the copies of the US LLC State Requirements Dataset in ../data/ (written by
// scripts/data/import-dataset.ts; credit in ../data/STATES-NOTICE and the README).

import foreignData from '../data/foreign-registration.json' with { type: 'json' };
import feeData from '../data/state-fees.json' with { type: 'json' };
import taxData from '../data/tax-rules.json' with { type: 'json' };

/** Where a figure comes from: the publisher's page and the date it was read. */
export interface FactSource {
  name: string;
  url: string;
  verifiedAt: string;
}

export interface StateFees {
  code: string;
  name: string;
  formationFeeUsd: number;
  /** May have cents (Florida $138.75). */
  annualReportFeeUsd: number;
  /** The dataset's wording, e.g. "May 1", "Last day of anniversary month (Biennial)", "N/A". */
  annualReportDue: string;
  sourceUrl: string;
  verifiedAt: string;
}

export interface TaxRule {
  code: string;
  name: string;
  /** false: no franchise-type tax on a default LLC. */
  applies: boolean;
  taxName: string | null;
  basis: string | null;
  /** The floor a default LLC pays each year; 0 is a real zero (e.g. Texas below its threshold), null is unknown. */
  minimumAnnualUsd: number | null;
  firstYearExemption: boolean | null;
  /** true: the payment is already in the state's annual report fee (Delaware, Arkansas, Wyoming, Nevada in part). */
  collectedWithAnnualReport: boolean | null;
  /** The statute's or agency's wording, verbatim. */
  dueDate: string | null;
  source: { name: string; url: string; accessed: string | null };
  verifiedAt: string;
  needsReview: boolean;
}

export interface ForeignRegistration {
  code: string;
  name: string;
  /** null: not yet researched. */
  registrationFeeUsd: number | null;
  feeBasis: string;
  formName: string;
  /** The official form page or fee schedule the form was read from (null: the record names none). */
  formUrl: string | null;
  filedWith: string | null;
  ongoingObligationsNote: string | null;
  source: { name: string; url: string; accessed: string | null };
  verifiedAt: string;
  needsReview: boolean;
}

export const DATASET_CREDIT: string = feeData.source;

const index = <T extends { code: string }>(rows: readonly T[]): ReadonlyMap<string, T> => new Map(rows.map((r) => [r.code, r]));

const fees = index(feeData.states as StateFees[]);
const taxes = index(taxData.states as TaxRule[]);
const foreign = index(foreignData.states as ForeignRegistration[]);

/** "ca" -> "CA"; anything that is not two letters -> undefined. */
export { normalizeCode };

/** The 50 states and DC, in the dataset's order. */
export const JURISDICTION_CODES: readonly string[] = [...fees.keys()];

export function feesFor(code: string): StateFees | undefined {
  const c = normalizeCode(code);
  return c ? fees.get(c) : undefined;
}

export function taxRuleFor(code: string): TaxRule | undefined {
  const c = normalizeCode(code);
  return c ? taxes.get(c) : undefined;
}

/** undefined: the dataset has no record for the state yet (not researched). */
export function foreignRegistrationFor(code: string): ForeignRegistration | undefined {
  const c = normalizeCode(code);
  return c ? foreign.get(c) : undefined;
}

export function feeSource(f: StateFees): FactSource {
  return { name: `${f.name} official fee schedule`, url: f.sourceUrl, verifiedAt: f.verifiedAt };
}

export function taxSource(t: TaxRule): FactSource {
  return { name: t.source.name, url: t.source.url, verifiedAt: t.source.accessed ?? t.verifiedAt };
}

export function foreignSource(r: ForeignRegistration): FactSource {
  return { name: r.source.name, url: r.source.url, verifiedAt: r.source.accessed ?? r.verifiedAt };
}
