import { dayOf } from '#shared/compliance/dates.ts';
import { form1099Check, incomeMapFor } from '#shared/payers/form-1099-check.ts';
import type { OrderPayers, StaffOrderPayers } from '#shared/payers/payers.schema.ts';
import { type ElectionInEffect, MAX_PAYERS_PER_ORDER, payerExpiry, w9Update } from '#shared/payers/payers.ts';
import { W9_RULES, type W9Input, w9Values } from '#shared/s-corp/w9.ts';
import type { ApplicationItem } from '../data/applications/item.ts';

/**
 * The order page's payers and W-9 values (docs/decisions/0426-w9-switch.md), from the order as
 * stored: the W-9 content for the LLC's current tax status, each payer with its "update your
 * W-9" state and, where the platform sets one, its tax form's expiry. Pure: `now` is the clock.
 */

/** The S election in effect on `today`: recorded with its CP261 and its effective date reached. */
export function electionInEffect(app: Pick<ApplicationItem, 'sCorpElection'>, today: string): ElectionInEffect | undefined {
  const effectiveOn = app.sCorpElection?.effectiveOn;
  if (!effectiveOn || effectiveOn > today) return undefined;
  const recordedAt = app.sCorpElection?.recordedAt;
  return { effectiveOn, ...(recordedAt ? { recordedOn: dayOf(recordedAt) } : {}) };
}

/** What the W-9 needs from the order: the LLC, its members, the EIN, the owner's SSN's last four when held. */
export function w9InputOf(app: ApplicationItem, today: string): W9Input {
  const details = app.filingDetails;
  const members = details?.members?.map((m) => m.name) ?? [[app.firstName, app.lastName].filter(Boolean).join(' ')].filter(Boolean);
  const rp = details?.ein?.responsibleParty;
  const ownerSsn =
    rp && rp.taxIdType === 'ssn' && !rp.taxIdDeleted && members.length === 1 && rp.name.trim().toLowerCase() === members[0]?.trim().toLowerCase()
      ? rp.taxIdLast4
      : undefined;
  const mailing = details ? (details.mailingAddress ?? details.principalOffice) : undefined;
  const election = electionInEffect(app, today);
  return {
    llcName: app.businessName ?? '',
    members,
    ...(election ? { sCorporationSince: election.effectiveOn } : {}),
    ...(app.ein ? { ein: app.ein } : {}),
    ...(ownerSsn ? { ownerSsnLast4: ownerSsn } : {}),
    ...(mailing ? { address: [mailing.line1, mailing.line2, `${mailing.city}, ${mailing.state} ${mailing.zip}`].filter((p) => p?.trim()).join(', ') } : {}),
  };
}

export function orderPayers(app: ApplicationItem, now: number | string | Date = Date.now()): OrderPayers {
  const today = dayOf(now);
  const election = electionInEffect(app, today);
  const payers = (app.payers ?? []).map((p) => {
    const expiry = payerExpiry(p);
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      form: p.form,
      how: p.how,
      ...(p.givenOn ? { givenOn: p.givenOn } : {}),
      ...(p.note ? { note: p.note } : {}),
      ...(p.w9UpdatedOn && p.w9UpdatedFor === election?.effectiveOn ? { w9UpdatedOn: p.w9UpdatedOn } : {}),
      w9Update: w9Update(p, election),
      ...(expiry ? { expiry: { ...expiry, expired: expiry.expiresOn < today } } : {}),
    };
  });
  return {
    payers,
    max: MAX_PAYERS_PER_ORDER,
    w9: w9Values(w9InputOf(app, today)),
    ...(election ? { electionEffectiveOn: election.effectiveOn } : {}),
    w9UpdatesLeft: payers.filter((p) => p.w9Update === 'needed').length,
    source: { form: W9_RULES.form, url: W9_RULES.source, checked: W9_RULES.checked },
    check1099: form1099Check(app.payers, incomeMapFor(app, Number(today.slice(0, 4)) - 1), today),
  };
}

/**
 * The payer list as staff read it (GET /api/staff/applications/{id}/payers, docs/decisions/0437):
 * the order page's rows with the Forms 1099 the creator recorded for each year (amounts and days,
 * all year round, where the check shows them only from January to April), the "update your W-9"
 * count and the January check with its flags. Without the W-9 values: staff change nothing here.
 */
export function staffOrderPayers(app: ApplicationItem, now: number | string | Date = Date.now()): StaffOrderPayers {
  const view = orderPayers(app, now);
  const stored = new Map((app.payers ?? []).map((p) => [p.id, p]));
  return {
    payers: view.payers.map((p) => ({
      ...p,
      forms1099: [...(stored.get(p.id)?.forms1099 ?? [])].sort((a, b) => b.year - a.year),
    })),
    ...(view.electionEffectiveOn ? { electionEffectiveOn: view.electionEffectiveOn } : {}),
    w9UpdatesLeft: view.w9UpdatesLeft,
    ...(view.check1099 ? { check1099: view.check1099 } : {}),
  };
}
