import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { filingDetailsSchema, type StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { offersOurAgent, registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { findState } from '#shared/states.ts';
import { renewalPriceAgreed } from '../../compliance/renewal.ts';
import { detailsEditable, detailsLocked, orderNotPaid, saveFilingDetails } from '../../data/applications/order-page.ts';
import { getApplicationForHolder } from '../../data/applications/reads.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { seal } from '../../lib/crypto/sealed.ts';
import { ValidationError } from '../../lib/errors.ts';
import { json, pathParam, resumeSecret, route, validate } from '../../lib/http.ts';
import { taxIdContext } from '../../orders/tax-id.ts';
import { orderView } from '../../orders/view.ts';

/**
 * PUT /api/orders/{id}/filing-details (holder only): the filing details, validated with the
 * order's schema (its filing state, its add-ons), the responsible party's SSN/ITIN sealed
 * before it is stored and replaced by its last four digits. 200 the order page | 400 with a
 * sentence per field | 409 not paid / processing started / changed meanwhile.
 */
export const handler = route('PUT /api/orders/{id}/filing-details', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplicationForHolder(id, resumeSecret(event));
  if (app.paymentStatus !== 'paid') throw orderNotPaid();
  if (!detailsEditable(app)) throw detailsLocked();
  const ein = Boolean(app.pricedOrder?.feinFiling ?? app.feinFiling);
  const state = app.pricedOrder?.state ?? app.state ?? '';
  const details = validate(filingDetailsSchema({ state, ein, taxIdOnFile: Boolean(app.sealedTaxId) }), event.jsonBody);

  const { ein: einAnswers, signature, ...rest } = details;
  let sealed: Awaited<ReturnType<typeof seal>> | 'keep' | undefined;
  // Our agent only where the operator has an office in the filing state; the renewal price in force now is the one the answer agrees to.
  const settings = rest.registeredAgent.kind === 'ours' ? await getOperatorSettings() : undefined;
  if (settings && !offersOurAgent(settings, state)) {
    const sentence = `We do not act as registered agent in ${findState(state)?.name ?? state}: name your own registered agent`;
    throw new ValidationError(sentence, { registeredAgent: [sentence] });
  }
  const registeredAgent = settings
    ? {
        ...rest.registeredAgent,
        renewalPriceUsd: renewalPriceAgreed(app.filingDetails?.registeredAgent, rest.registeredAgent, registeredAgentRenewalUsd(settings)),
      }
    : rest.registeredAgent;
  let stored: StoredFilingDetails = { ...rest, registeredAgent, signature: { ...signature, signedAt: new Date().toISOString() } };
  if (einAnswers) {
    const { taxId, ...party } = einAnswers.responsibleParty;
    const digits = taxId ? taxId.replace(/\D/g, '') : '';
    const previous = app.filingDetails?.ein?.responsibleParty;
    sealed = digits ? await seal(digits, taxIdContext(id)) : 'keep';
    const last4 = digits ? digits.slice(-4) : (previous?.taxIdLast4 ?? '');
    stored = { ...stored, ein: { ...einAnswers, responsibleParty: { ...party, taxIdLast4: last4 } } };
  }
  await saveFilingDetails(app, stored, sealed);
  const saved = await getApplicationForHolder(id, resumeSecret(event));
  return json(200, orderView(saved));
});
