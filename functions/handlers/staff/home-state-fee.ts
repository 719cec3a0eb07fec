import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { confirmHomeStateFeeSchema } from '#shared/orders/home-registration.schema.ts';
import { homeRegistrationFacts } from '#shared/orders/home-registration.ts';
import { confirmHomeStateFee } from '../../data/applications/home-state-fee.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { mustBePaid } from '../../documents/order/uploads.ts';
import { staffDocuments } from '../../documents/order/view.ts';
import { ConflictError } from '../../lib/errors.ts';
import { json, pathParam, requestBody, route, staffActor } from '../../lib/http.ts';

/**
 * POST /api/staff/applications/{id}/home-state-fee: the home state's registration fee confirmed
 * (or corrected) by staff, audited, so the customer can buy the home-state registration at it
 * (docs/decisions/0429). Refused once the registration is paid or its payment is under way: its
 * price is frozen on the purchase.
 */
export const handler = route('POST /api/staff/applications/{id}/home-state-fee', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const body = requestBody(event, confirmHomeStateFeeSchema);
  const app = await getApplication(id);
  mustBePaid(app);
  const facts = homeRegistrationFacts(app);
  if (!facts) throw new ConflictError('This LLC is formed in the state the owner lives in: there is no home state to register it in', 'not_away_from_home');
  if (!facts.record)
    throw new ConflictError(
      `We have not researched ${facts.homeName}'s registration yet, so it is not sold there: a fee cannot be confirmed`,
      'home_state_not_researched',
    );
  const started = (app.purchases ?? []).find((p) => p.key === 'homeStateRegistration' && (p.state === 'paid' || p.state === 'pending'));
  if (started)
    throw new ConflictError(
      `The home-state registration is ${started.state === 'paid' ? 'paid' : 'being paid'} at the fee confirmed before: its price cannot change now`,
      'fee_already_charged',
    );
  return json(200, staffDocuments(await confirmHomeStateFee(app, body, staffActor(event))));
});
