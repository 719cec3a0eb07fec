import { formatAddress, type OperatorSettings, offersOurAgent } from '#shared/operator/facts.ts';
import { STATE_PRICING } from '#shared/states.ts';
import { getOperatorSettings } from '../data/operator-settings.ts';
import type { EmailMessage, EmailPayloads } from '../outbox/messages.ts';
import type { EmailOperator } from './templates/Layout.tsx';

/**
 * What the operator's settings put into an email, read when each message is sent (so a retried
 * message carries the settings of its sending): who signs the footer, and our published
 * registered-agent renewal price in the receipt (the payload's figure, the price list's, when
 * unset). A renewal notice quotes the price the customer agreed to, which its payload carries.
 */
export async function emailSettings(): Promise<OperatorSettings> {
  return getOperatorSettings();
}

/** The footer's sender and contacts. */
export function emailOperator(s: OperatorSettings): EmailOperator {
  return { legalName: s.legalName, address: s.address ? formatAddress(s.address) : null, supportEmail: s.supportEmail, supportPhone: s.supportPhone };
}

/**
 * The message with the operator's renewal price where it quotes the published one (the receipt,
 * sent before any consent). The receipt's registered-agent paragraph is left out where the
 * operator has no office in the order's state: no email promises our agent there (docs/decisions/0415).
 */
export function withOperatorPrices<M extends Pick<EmailMessage, 'kind' | 'payload'>>(message: M, s: OperatorSettings): M {
  if (message.kind !== 'payment_received') return message;
  const payload = message.payload as EmailPayloads['payment_received'];
  if (payload.registeredAgentRenewalUsd === undefined) return message;
  const code = STATE_PRICING.find((st) => st.name === payload.stateName)?.code;
  if (!code || !offersOurAgent(s, code)) {
    const { registeredAgentRenewalUsd: _, ...rest } = payload;
    return { ...message, payload: rest };
  }
  const price = s.registeredAgentRenewalUsd;
  return price === null ? message : { ...message, payload: { ...payload, registeredAgentRenewalUsd: price } };
}
