import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { dayOf } from '#shared/compliance/dates.ts';
import { payerIdSchema, savePayerSchema } from '#shared/payers/payers.schema.ts';
import { newW9Since, type StoredPayer } from '#shared/payers/payers.ts';
import { changePayer } from '../../data/applications/payers.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { ConflictError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, resumeSecret, route } from '../../lib/http.ts';
import { electionInEffect, orderPayers } from '../../orders/payers-view.ts';

/**
 * PUT /api/orders/{id}/payers/{payerId} (holder only): the payer as the form gives it. With
 * `w9Updated: true` the creator ticks it off the "update your W-9" checklist: the new W-9 given
 * (on `givenOn` when the new values were already in force that day, else today) for the election in effect; false unticks it. 200 the payers | 400 |
 * 404 payer_not_found | 409 no_election_in_effect, order_not_paid, version_conflict.
 */
export const handler = route('PUT /api/orders/{id}/payers/{payerId}', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const payerId = pathParam(event, 'payerId', payerIdSchema);
  const { w9Updated, ...body } = requestBody(event, savePayerSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  const now = new Date().toISOString();
  const today = dayOf(now);
  const election = electionInEffect(app, today);
  if (w9Updated && !election) throw new ConflictError('There is no S-corporation election in effect to update the W-9 for', 'no_election_in_effect');
  const saved = await changePayer(
    app,
    payerId,
    (before): StoredPayer => {
      const { note: _note, givenOn: _givenOn, w9UpdatedFor, w9UpdatedOn, ...kept } = before;
      const ticked =
        w9Updated === true && election
          ? { givenOn: body.givenOn && body.givenOn >= newW9Since(election) ? body.givenOn : today, w9UpdatedFor: election.effectiveOn, w9UpdatedOn: today }
          : w9Updated === false
            ? {}
            : { ...(w9UpdatedFor ? { w9UpdatedFor } : {}), ...(w9UpdatedOn ? { w9UpdatedOn } : {}) };
      return { ...kept, ...body, ...ticked, updatedAt: now };
    },
    now,
  );
  return json(200, orderPayers(saved));
});
