import { boughtFlags } from '#shared/catalog/catalog.ts';
import { filingDetailsSchema, type StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { offersOurAgent, ourPrivacyFiling, registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { findState } from '#shared/states.ts';
import { renewalPriceAgreed } from '../compliance/renewal.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import type { SealedTaxId } from '../data/applications/staff-details.ts';
import { getOperatorSettings } from '../data/operator-settings.ts';
import { seal } from '../lib/crypto/sealed.ts';
import { ValidationError } from '../lib/errors.ts';
import { validate } from '../lib/http.ts';
import { taxIdContext } from './tax-id.ts';

/**
 * Filing details as sent (by the customer's form or by staff), checked with the order's schema
 * (its filing state, its add-ons) and made what the order stores: our agent only where the
 * operator has an office in the state, with the renewal price agreed; the SSN/ITIN sealed and
 * replaced by its last four digits ('keep' when left blank to keep the one on file).
 */
export async function storedDetailsFrom(app: ApplicationItem, body: unknown, signedAt: string): Promise<{ stored: StoredFilingDetails; sealed: SealedTaxId }> {
  const ein = boughtFlags(app).feinFiling;
  const state = app.pricedOrder?.state ?? app.state ?? '';
  const details = validate(filingDetailsSchema({ state, ein, taxIdOnFile: Boolean(app.sealedTaxId) }), body);

  const { ein: einAnswers, signature, ...rest } = details;
  let sealed: SealedTaxId;
  // Our agent only where the operator has an office in the filing state; the renewal price in force now is the one the answer agrees to.
  const settings = rest.registeredAgent.kind === 'ours' || rest.useOurAddress ? await getOperatorSettings() : undefined;
  // Our address on the filing only while the operator has set it (the schema already checked the state data).
  if (rest.useOurAddress && !ourPrivacyFiling(settings)) {
    const sentence = 'We cannot put our address on the filing at the moment: enter your own principal office and leave our address unticked';
    throw new ValidationError(sentence, { useOurAddress: [sentence] });
  }
  if (settings && rest.registeredAgent.kind === 'ours' && !offersOurAgent(settings, state)) {
    const sentence = `We do not act as registered agent in ${findState(state)?.name ?? state}: name your own registered agent`;
    throw new ValidationError(sentence, { registeredAgent: [sentence] });
  }
  const registeredAgent =
    settings && rest.registeredAgent.kind === 'ours'
      ? {
          ...rest.registeredAgent,
          renewalPriceUsd: renewalPriceAgreed(app.filingDetails?.registeredAgent, rest.registeredAgent, registeredAgentRenewalUsd(settings)),
        }
      : rest.registeredAgent;
  let stored: StoredFilingDetails = { ...rest, registeredAgent, signature: { ...signature, signedAt } };
  if (einAnswers) {
    const { taxId, ...party } = einAnswers.responsibleParty;
    const digits = taxId ? taxId.replace(/\D/g, '') : '';
    const previous = app.filingDetails?.ein?.responsibleParty;
    sealed = digits ? await seal(digits, taxIdContext(app.id)) : 'keep';
    const last4 = digits ? digits.slice(-4) : (previous?.taxIdLast4 ?? '');
    stored = { ...stored, ein: { ...einAnswers, responsibleParty: { ...party, taxIdLast4: last4 } } };
  }
  return { stored, sealed };
}
