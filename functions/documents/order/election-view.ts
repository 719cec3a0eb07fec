import { boughtFlags } from '#shared/catalog/catalog.ts';
import { formationDateOf } from '#shared/compliance/calendar.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import type { ElectionView } from '#shared/s-corp/election.schema.ts';
import { electionState } from '#shared/s-corp/election.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { sendingTo } from '../form-2553-sending.ts';

/**
 * The S-corporation election as the order page and the staff modal show it (shared/s-corp/election.ts),
 * for an order with a formation date that bought the Form 2553 worksheet, or whose customer
 * recorded an election they filed themselves (`selfFiled`, docs/decisions/0432); undefined otherwise.
 */
export function orderElection(app: ApplicationItem, now: number | string | Date = Date.now()): ElectionView | undefined {
  const formation = formationDateOf(app);
  const selfFiled = !boughtFlags(app).form2553;
  if (!formation || (selfFiled && !app.sCorpElection)) return undefined;
  const { state, headline, detail, ...dates } = electionState({ formationDate: formation.date, record: app.sCorpElection, today: dayOf(now) });
  const { late: _late, ...rest } = dates as typeof dates & { late?: boolean };
  const letterOnFile = Boolean(app.sCorpElection?.letterId && app.documents?.some((d) => d.id === app.sCorpElection?.letterId));
  return { state, headline, detail, ...rest, ...(selfFiled ? { selfFiled: true } : {}), ...(letterOnFile ? { letterOnFile: true } : {}) };
}

/** The staff modal's: the state, what was recorded, and where the worksheet says to send the form (the form's prefill). */
export function staffElection(app: ApplicationItem, now: number | string | Date = Date.now()): ElectionView | undefined {
  const view = orderElection(app, now);
  if (!view) return undefined;
  const sent = app.sCorpElection?.sent;
  const office = app.filingDetails?.principalOffice?.state;
  return {
    ...view,
    ...(sent ? { how: sent.how, sentTo: sent.to, ...(sent.note ? { note: sent.note } : {}) } : {}),
    ...(office || app.state ? { sendTo: sendingTo(office || app.state || '') } : {}),
  };
}
