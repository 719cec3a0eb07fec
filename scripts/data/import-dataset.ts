/**
 * Copies the parts of the US LLC State Requirements Dataset (StartupSole LLC, CC BY 4.0) that
 * shared/state-facts/ and the staff's state links use into shared/data/, trimmed to the fields the
 * product reads.
 *
 *   npx tsx scripts/data/import-dataset.ts <path to a checkout of the dataset>
 *
 * Run by hand when the dataset is updated; nothing reads the dataset at build, test or run time.
 * Values are copied as published (no figure is changed); only fields are dropped. Review the
 * diff, then run `npx vitest run shared/state-facts`: its tests pin the facts the product relies on.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CREDIT = 'US LLC State Requirements Dataset, StartupSole LLC (2026), https://github.com/startupsolellc/us-llc-fees-dataset, CC BY 4.0';

interface DatasetSource {
  citation: string;
  title?: string;
  url: string;
  lastAccessed: string;
}
interface Evidence {
  quote: string;
  url: string;
  supports?: string;
}

const readJson = (path: string): any => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();

/** The citation of the source a url belongs to, or the url's host when no source lists it. */
function sourceFor(sources: DatasetSource[], url: string): { name: string; url: string; accessed: string | null } {
  const match = sources.find((s) => s.url === url);
  return { name: match?.citation ?? new URL(url).host, url, accessed: match?.lastAccessed ?? null };
}

/** The first evidence passage that grounds `field`, else the first passage at all. */
function evidenceFor(evidence: Evidence[] | null | undefined, field: string): Evidence | undefined {
  const list = evidence ?? [];
  return list.find((e) => (e.supports ?? '').includes(field)) ?? list[0];
}

function stateFees(root: string) {
  const data = readJson(join(root, 'states.json'));
  const states = Object.entries<any>(data.states).map(([code, s]) => ({
    code,
    name: s.name,
    formationFeeUsd: s.formation_fee,
    annualReportFeeUsd: s.annual_report_fee,
    annualReportDue: s.annual_report_due_date,
    sourceUrl: s.source_url,
    verifiedAt: s.last_verified,
  }));
  // The District of Columbia is not in states.json; its entity-search record carries the same facts.
  const dc = readJson(join(root, 'entity-search', 'washington-d-c.json'));
  // entity-search sources are { name, url, lastAccessed }; the fee schedule is the one the figures come from.
  const feePage = dc.sources.find((s: { name: string; url: string }) => /fees/i.test(s.name)) ?? dc.sources[0];
  states.push({
    code: dc.stateAbbr,
    name: dc.stateName,
    formationFeeUsd: dc.filingFacts.llcFee,
    annualReportFeeUsd: dc.filingFacts.annualReport,
    annualReportDue: dc.filingFacts.annualReportDue,
    sourceUrl: feePage.url,
    verifiedAt: dc.lastVerified,
  });
  return {
    source: CREDIT,
    copiedFrom: `states.json (last_updated ${data.last_updated}) and entity-search/washington-d-c.json (DC)`,
    states,
  };
}

function taxRules(root: string) {
  const dir = join(root, 'tax-rules');
  const states = jsonFiles(dir).map((file) => {
    const r = readJson(join(dir, file));
    const t = r.franchiseTax;
    const grounding = t.applies === false ? t.appliesEvidence : evidenceFor(t.evidence, 'minimumAnnualUsd');
    const source = grounding ? sourceFor(r.sources, grounding.url) : sourceFor(r.sources, r.sources[0].url);
    return {
      code: r.stateAbbr,
      name: r.stateName,
      applies: t.applies,
      taxName: t.taxName,
      basis: t.basis,
      minimumAnnualUsd: t.minimumAnnualUsd,
      firstYearExemption: t.firstYearExemption,
      collectedWithAnnualReport: t.collectedWithAnnualReport,
      dueDate: t.dueDate,
      source,
      verifiedAt: r.lastVerified,
      needsReview: Boolean(r.needsReview),
    };
  });
  return { source: CREDIT, copiedFrom: 'tax-rules/<state>.json (franchiseTax only)', states };
}

function foreignRegistration(root: string) {
  const dir = join(root, 'foreign-qualification', 'states');
  const states = jsonFiles(dir).map((file) => {
    const r = readJson(join(dir, file));
    const q = r.foreignQualification;
    const grounding = evidenceFor(q.evidence, 'registrationFeeUsd');
    return {
      code: r.stateAbbr,
      name: r.stateName,
      registrationFeeUsd: q.registrationFeeUsd,
      feeBasis: q.feeBasis,
      formName: q.formName,
      formUrl: q.formUrl ?? null,
      filedWith: q.filedWith,
      ongoingObligationsNote: q.ongoingObligationsNote,
      source: sourceFor(r.sources, grounding?.url ?? r.sources[0].url),
      verifiedAt: r.lastVerified,
      needsReview: Boolean(r.needsReview),
    };
  });
  return {
    source: CREDIT,
    copiedFrom: 'foreign-qualification/states/<state>.json',
    status: 'draft: the dataset maintainer marks this namespace as a draft; a state with no record here has not been researched',
    states,
  };
}

function processingTimes(root: string) {
  const dir = join(root, 'processing-time', 'states');
  const states = jsonFiles(dir).map((file) => {
    const r = readJson(join(dir, file));
    const sp = r.standardProcessing;
    const e = r.expedite;
    return {
      code: r.stateAbbr,
      name: r.stateName,
      standard: {
        isPublished: sp.isPublished,
        basis: sp.basis,
        onlineBusinessDays: sp.onlineBusinessDays,
        mailBusinessDays: sp.mailBusinessDays,
        queueAsOfOnline: sp.queueAsOfOnline,
        queueAsOfMail: sp.queueAsOfMail,
        statement: sp.statement,
        sourceUrl: sp.sourceUrl,
        observedOn: sp.observedOn,
      },
      expedite: {
        offered: e.offered,
        appliesToLlcFormation: e.appliesToLlcFormation,
        feeIsPerDocument: e.feeIsPerDocument,
        chargedIfRejected: e.chargedIfRejected,
        tiers: e.tiers.map((t: any) => ({
          name: t.tierName,
          turnaround: t.turnaround,
          feeUsd: t.feeUsd,
          feeUsdMin: t.feeUsdMin,
          feeUsdMax: t.feeUsdMax,
          cutoff: t.cutoff,
          channels: t.channels,
          sourceUrl: t.evidence?.url ?? null,
        })),
      },
      source: sourceFor(r.sources, r.sources[0].url),
      verifiedAt: r.lastVerified,
      needsReview: Boolean(r.needsReview),
    };
  });
  return { source: CREDIT, copiedFrom: 'processing-time/states/<state>.json', states };
}

/**
 * Each jurisdiction's business-entity search, its filing office's business pages and its online
 * annual report (the staff's state links: shared/staff/state-links.ts), from
 * entitysearch-state-data/states/<state>.json, with the date each record was verified.
 */
/**
 * The dataset has no field for a state's formation e-filing page. Some records list, among their
 * sources, a page their name describes as the LLC formation filing or the online filing system
 * ("Washington LLC online formation instructions", "DC CorpOnline portal"). That source is copied,
 * with its name, as the formation filing page; a PDF (a paper form) is not one. A state with no
 * such source gets a note saying the dataset names none, never a guessed address.
 */
const FORMATION_PAGE =
  /\b(formation|forming a limited liability company|articles of organization|certificate of (formation|organization)|start a business|online filing|file online|ecorp|corponline)\b/i;
const NOT_FORMATION = /annual|renewal|reservation|fee|contact/i;

function formationFiling(r: any): {
  formationFilingUrl: string | null;
  formationFilingSource: { name: string; url: string; accessed: string } | null;
  formationFilingNote: string | null;
} {
  const page = (r.sources ?? []).find(
    (s: { name: string; url: string }) => FORMATION_PAGE.test(s.name) && !NOT_FORMATION.test(s.name) && !/\.pdf(\?|$)/i.test(s.url),
  );
  if (!page)
    return {
      formationFilingUrl: null,
      formationFilingSource: null,
      formationFilingNote: 'not known: the dataset names no formation filing page for this state',
    };
  return {
    formationFilingUrl: page.url,
    formationFilingSource: { name: page.name, url: page.url, accessed: page.lastAccessed ?? r.lastVerified },
    formationFilingNote: null,
  };
}

function stateLinks(root: string) {
  const dir = join(root, 'entitysearch-state-data', 'states');
  const states = jsonFiles(dir).map((file) => {
    const r = readJson(join(dir, file));
    return {
      code: r.stateAbbr,
      name: r.stateName,
      entitySearchUrl: r.businessEntitySearch?.url ?? null,
      agency: r.secretaryOfState?.agency ?? null,
      agencyUrl: r.secretaryOfState?.website ?? null,
      annualReportUrl: r.renewals?.onlineRenewalUrl ?? null,
      ...formationFiling(r),
      verifiedAt: r.lastVerified,
    };
  });
  return {
    source: CREDIT,
    copiedFrom: 'entitysearch-state-data/states/<state>.json (formationFiling*: the source the record names as its LLC formation or online filing page)',
    states,
  };
}

function dbaRules(root: string) {
  const dir = join(root, 'dba-rules', 'states');
  const states = jsonFiles(dir).map((file) => {
    const r = readJson(join(dir, file));
    return {
      code: r.stateAbbr,
      name: r.stateName,
      term: r.dbaTerm,
      filingLevel: r.filingLevel,
      llcFilesWith: r.llcFilesWith,
      llcFee: r.llcFee,
      feeBasis: r.feeBasis,
      duration: r.duration,
      renewalRule: r.renewalRule,
      publicationRequired: r.publicationRequired,
      publicationRule: r.publicationRule,
      protectionLevel: r.protectionLevel,
      protectionNote: r.protectionNote,
      searchUrl: r.searchUrl,
      filingUrl: r.filingUrl,
      statuteCitation: r.statuteCitation,
      statuteUrl: r.statuteUrl,
      source: { name: r.sources[0].title, url: r.sources[0].url, accessed: r.sources[0].lastAccessed ?? null },
      verifiedAt: r.lastVerified,
    };
  });
  return { source: CREDIT, copiedFrom: 'dba-rules/states/<state>.json', states };
}

function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: npx tsx scripts/data/import-dataset.ts <path to the dataset>');
    process.exit(2);
  }
  const root = resolve(arg);
  if (!existsSync(join(root, 'states.json'))) {
    console.error(`${root} does not look like the dataset (no states.json)`);
    process.exit(2);
  }
  const out = resolve(import.meta.dirname, '../../shared/data');
  const files: Record<string, unknown> = {
    'state-fees.json': stateFees(root),
    'tax-rules.json': taxRules(root),
    'foreign-registration.json': foreignRegistration(root),
    'processing-times.json': processingTimes(root),
    'state-links.json': stateLinks(root),
    'dba-rules.json': dbaRules(root),
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(out, name), `${JSON.stringify(content, null, 1)}\n`);
    console.log(`wrote shared/data/${name}`);
  }
}

main();
