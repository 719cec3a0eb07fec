// How long each state takes to process an LLC formation, and what it charges to go faster, from
// the dataset's processing-time records (copied to ../data/processing-times.json). Two kinds of
// fact with two contracts: a standard time is an observation on a date (never a promise), an
// expedite tier is a price and turnaround the state sells.

import data from '../data/processing-times.json' with { type: 'json' };
import { normalizeCode } from './codes.ts';
import type { FactSource } from './facts.ts';

interface DayRange {
  min: number;
  max: number;
}

interface ProcessingRecord {
  code: string;
  name: string;
  standard: {
    isPublished: boolean | null;
    basis: 'queue-date' | 'stated-range' | 'guarantee' | null;
    onlineBusinessDays: DayRange | null;
    mailBusinessDays: DayRange | null;
    queueAsOfOnline: string | null;
    queueAsOfMail: string | null;
    statement: string | null;
    sourceUrl: string | null;
    observedOn: string | null;
  };
  expedite: {
    offered: boolean | null;
    appliesToLlcFormation: boolean | null;
    feeIsPerDocument: boolean | null;
    chargedIfRejected: boolean | null;
    tiers: {
      name: string;
      turnaround: string | null;
      feeUsd: number | null;
      feeUsdMin: number | null;
      feeUsdMax: number | null;
      cutoff: string | null;
      channels: string[] | null;
      sourceUrl: string | null;
    }[];
  };
  source: { name: string; url: string; accessed: string | null };
  verifiedAt: string;
  needsReview: boolean;
}

export interface StandardProcessing {
  /** Short form for display: "7-10 business days (online)", "Up to 3 weeks", "Filings received 2026-08-06 in progress (online)". */
  text: string;
  /** Business days, where the state states a range. */
  minBusinessDays?: number;
  maxBusinessDays?: number;
  /** The channel `text` and the range describe, where the state names one. */
  channel?: 'online' | 'mail';
  /** 'queue-date': the state publishes the filing date it is working through, not a duration. */
  basis: 'stated-range' | 'queue-date' | 'statement';
  /** The state's own wording, verbatim. */
  statement?: string;
  /** The date the state's page was read: an observation, not a promise of the current time. */
  observedOn?: string;
  sourceUrl: string;
}

export interface ExpediteTier {
  /** The state's own label. */
  name: string;
  /** The state's own words; undefined where it sells the tier without stating a turnaround. */
  turnaround?: string;
  /** State fee in whole dollars; undefined where the state publishes a range (then feeMin/feeMax). */
  fee?: number;
  feeMin?: number;
  feeMax?: number;
  cutoff?: string;
  channels?: string[];
  sourceUrl: string;
}

export interface Processing {
  state: string;
  name: string;
  /** undefined: the state publishes no standard time, or it has not been researched. */
  standard: StandardProcessing | undefined;
  /** Tiers an LLC formation can buy; may be empty. */
  expedite: ExpediteTier[];
  /**
   * 'not-for-llc-formation': the state sells expedited service but not for a formation (the tiers are then not listed);
   * 'not-researched': the dataset does not know yet.
   */
  expediteStatus: 'offered' | 'not-offered' | 'not-for-llc-formation' | 'not-researched';
  /** Each expedite fee is charged per document / even when the filing is rejected, where the state says so. */
  feeIsPerDocument?: boolean;
  chargedIfRejected?: boolean;
  source: FactSource;
  notes: string[];
}

const records = new Map((data.states as unknown as ProcessingRecord[]).map((r) => [r.code, r]));

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const NUMBER = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);

function rangeText(r: DayRange): string {
  if (r.max === 0) return 'Same day';
  if (r.min === 0) return `Up to ${r.max} business day${r.max === 1 ? '' : 's'}`;
  if (r.min === r.max) return `${r.max} business days`;
  return `${r.min}-${r.max} business days`;
}

/**
 * The short form of a state's own sentence: the first stated range ("3-7 business days",
 * "one to three business days"), else an "up to" bound, else an immediate-filing phrase, with
 * the channel when the sentence it comes from names one. undefined when the text states none of these.
 */
export function summarizeStatement(statement: string): { text: string; channel?: 'online' | 'mail' } | undefined {
  const sentences = statement.split(/(?<=[.!?])\s+/);
  const find = (re: RegExp) => {
    for (const sentence of sentences) {
      const m = re.exec(sentence);
      if (m) return { m, sentence };
    }
    return undefined;
  };
  const withChannel = (text: string, sentence: string) => {
    if (/hard copy|paper|mail/i.test(sentence)) return { text: `${text} (by mail)`, channel: 'mail' as const };
    if (/online/i.test(sentence)) return { text: `${text} (online)`, channel: 'online' as const };
    return { text };
  };
  let hit = find(new RegExp(`\\b${NUMBER}\\s*(?:-|–|to)\\s*${NUMBER}\\s+(business days|working days|days|weeks)`, 'i'));
  if (hit) return withChannel(`${toNumber(hit.m[1])}-${toNumber(hit.m[2])} ${hit.m[3].toLowerCase()}`, hit.sentence);
  hit = find(new RegExp(`\\bup to ${NUMBER}\\s+(business days|working days|days|weeks)`, 'i'));
  if (hit) return withChannel(`Up to ${toNumber(hit.m[1])} ${hit.m[2].toLowerCase()}`, hit.sentence);
  if (/within minutes/i.test(statement)) return { text: 'Within minutes (online)', channel: 'online' };
  if (/in the time it takes to type|instantly|immediately|real[- ]time/i.test(statement)) return { text: 'Immediate (online)', channel: 'online' };
  return undefined;
}

function standardFor(r: ProcessingRecord): StandardProcessing | undefined {
  const s = r.standard;
  if (s.isPublished !== true || !s.sourceUrl) return undefined;
  const common = {
    ...(s.statement ? { statement: s.statement } : {}),
    ...(s.observedOn ? { observedOn: s.observedOn } : {}),
    sourceUrl: s.sourceUrl,
  };
  // A range the state states, online first (the route we file by), else by mail.
  const online = s.onlineBusinessDays;
  const mail = s.mailBusinessDays;
  const range = online ?? mail;
  if (s.basis === 'stated-range' && range) {
    const channel = online ? 'online' : 'mail';
    return {
      text: `${rangeText(range)} (${channel === 'online' ? 'online' : 'by mail'})`,
      minBusinessDays: range.min,
      maxBusinessDays: range.max,
      channel,
      basis: 'stated-range',
      ...common,
    };
  }
  if (s.basis === 'queue-date' && (s.queueAsOfOnline || s.queueAsOfMail)) {
    const channel = s.queueAsOfOnline ? 'online' : 'mail';
    const date = s.queueAsOfOnline ?? s.queueAsOfMail;
    return {
      text: `Working on ${channel === 'online' ? 'online' : 'mailed'} filings received ${date}${s.observedOn ? ` (as of ${s.observedOn})` : ''}`,
      channel,
      basis: 'queue-date',
      ...common,
    };
  }
  if (!s.statement) return undefined;
  const summary = summarizeStatement(s.statement) ?? { text: s.statement };
  return { ...summary, basis: 'statement', ...common };
}

function tiersFor(r: ProcessingRecord): ExpediteTier[] {
  return r.expedite.tiers.map((t) => ({
    name: t.name,
    ...(t.turnaround ? { turnaround: t.turnaround } : {}),
    ...(t.feeUsd !== null ? { fee: t.feeUsd } : {}),
    ...(t.feeUsdMin !== null ? { feeMin: t.feeUsdMin } : {}),
    ...(t.feeUsdMax !== null ? { feeMax: t.feeUsdMax } : {}),
    ...(t.cutoff ? { cutoff: t.cutoff } : {}),
    ...(t.channels ? { channels: t.channels } : {}),
    sourceUrl: t.sourceUrl ?? r.source.url,
  }));
}

/** Standard processing time and expedite tiers of a state (two-letter code, any case); undefined for an unknown code. */
export function processingFor(state: string): Processing | undefined {
  const code = normalizeCode(state);
  const r = code ? records.get(code) : undefined;
  if (!r) return undefined;
  const e = r.expedite;
  const notes: string[] = [];
  const standard = standardFor(r);
  if (!standard) {
    notes.push(
      r.standard.isPublished === false
        ? `${r.name} publishes no standard processing time.`
        : `We have not found a standard processing time published by ${r.name}.`,
    );
  } else {
    notes.push(`Processing times are the state's own figure as published on the date shown, not a promise: queues change.`);
  }

  let expediteStatus: Processing['expediteStatus'];
  let expedite: ExpediteTier[] = [];
  if (e.offered === null) {
    expediteStatus = 'not-researched';
    notes.push(`We have not yet researched whether ${r.name} sells expedited processing.`);
  } else if (!e.offered) {
    expediteStatus = 'not-offered';
  } else if (e.appliesToLlcFormation === false) {
    expediteStatus = 'not-for-llc-formation';
    notes.push(`${r.name} sells expedited service, but not for forming an LLC.`);
  } else {
    expediteStatus = 'offered';
    expedite = tiersFor(r);
    if (e.appliesToLlcFormation === null) notes.push(`${r.name} publishes these tiers without saying whether they cover an LLC formation.`);
    if (expedite.some((t) => t.fee === undefined)) notes.push('Where a tier shows a range, the state charges an amount within it depending on the document.');
  }

  return {
    state: r.code,
    name: r.name,
    standard,
    expedite,
    expediteStatus,
    ...(expediteStatus === 'offered' && e.feeIsPerDocument !== null ? { feeIsPerDocument: e.feeIsPerDocument } : {}),
    ...(expediteStatus === 'offered' && e.chargedIfRejected !== null ? { chargedIfRejected: e.chargedIfRejected } : {}),
    source: { name: r.source.name, url: r.source.url, verifiedAt: r.source.accessed ?? r.verifiedAt },
    notes,
  };
}

/** What to say where a state publishes no standard processing time (or none has been found). */
export function noStandardTimeSentence(p: Pick<Processing, 'name' | 'notes'>): string {
  return p.notes.some((n) => n.includes('publishes no standard'))
    ? `${p.name} publishes no standard processing time`
    : `No standard processing time published by ${p.name} that we could find`;
}

/** A state's standard processing time as every page and the API say it. */
export interface StandardTimeAnswer {
  /** The state's published figure ("40-55 business days (by mail)"), or the sentence that it publishes none: never a default. */
  text: string;
  /** false: the state publishes no standard time (or none was found); `text` says so. */
  published: boolean;
  /** YYYY-MM-DD: the day the state's page was read (the record's verification date when it publishes none). */
  checkedOn: string;
  sourceName: string;
  sourceUrl: string;
}

/**
 * The one answer to "how long does this state take": the pages (frontend/src/lib/processing.ts)
 * and GET /api/states and /api/state-pricing/{code} all read it. Undefined for an unknown code.
 */
export function standardTimeOf(code: string): StandardTimeAnswer | undefined {
  const p = processingFor(code);
  if (!p) return undefined;
  return {
    text: p.standard ? p.standard.text : noStandardTimeSentence(p),
    published: Boolean(p.standard),
    checkedOn: p.standard?.observedOn ?? p.source.verifiedAt,
    sourceName: p.source.name,
    sourceUrl: p.standard?.sourceUrl ?? p.source.url,
  };
}
