import { describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import type { EmailMessage } from '../outbox/messages.ts';
import { emailOperator, withOperatorPrices } from './operator.ts';

/** What the operator's settings put into an email when it is sent. */
const SET = {
  ...EMPTY_OPERATOR_SETTINGS,
  legalName: 'Creator Filings LLC',
  address: { line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' },
  supportEmail: 'help@creatorfilings.example',
  registeredAgentRenewalUsd: 99,
  registeredAgentOffices: [{ line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' }],
};
const receipt = {
  kind: 'payment_received',
  payload: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Florida',
    lines: [],
    total: 275,
    paidAt: '2026-11-22T10:00:00Z',
    provider: 'card',
    processingTime: '5 days',
    registeredAgentRenewalUsd: 125,
  },
} as unknown as Pick<EmailMessage, 'kind' | 'payload'>;
const notice = {
  kind: 'renewal_notice',
  payload: { firstName: 'Ada', businessName: 'Byte Works LLC', stateName: 'Florida', renewsOn: '2027-11-22', priceUsd: 125, daysBefore: 30 },
} as unknown as Pick<EmailMessage, 'kind' | 'payload'>;

describe('the operator in emails', () => {
  it('quotes the renewal price the owner set in the receipt, and the agreed price in the renewal notice', () => {
    expect((withOperatorPrices(receipt, SET).payload as { registeredAgentRenewalUsd: number }).registeredAgentRenewalUsd).toBe(99);
    // The notice announces a charge the customer agreed to at $125: today's $99 is not theirs.
    expect(withOperatorPrices(notice, SET)).toBe(notice);
  });

  it('keeps the price list’s figure while the setting is unset, and leaves other emails alone', () => {
    expect(withOperatorPrices(receipt, { ...SET, registeredAgentRenewalUsd: null })).toBe(receipt);
    expect(withOperatorPrices(notice, EMPTY_OPERATOR_SETTINGS)).toBe(notice);
    const other = { kind: 'documents_ready', payload: { firstName: 'Ada', businessName: 'Byte Works LLC' } } as Pick<EmailMessage, 'kind' | 'payload'>;
    expect(withOperatorPrices(other, SET)).toBe(other);
  });

  it('leaves our registered agent out of the receipt where no office of ours is in the state', () => {
    expect(withOperatorPrices(receipt, EMPTY_OPERATOR_SETTINGS).payload).not.toHaveProperty('registeredAgentRenewalUsd');
    const texas = { ...receipt, payload: { ...(receipt.payload as object), stateName: 'Texas' } } as typeof receipt;
    expect(withOperatorPrices(texas, SET).payload).not.toHaveProperty('registeredAgentRenewalUsd');
  });

  it('signs the footer with what is set, and nothing for what is not', () => {
    expect(emailOperator(SET)).toEqual({
      legalName: 'Creator Filings LLC',
      address: '100 Biscayne Blvd, Miami, FL 33132',
      supportEmail: 'help@creatorfilings.example',
      supportPhone: null,
    });
    expect(emailOperator(EMPTY_OPERATOR_SETTINGS)).toEqual({ legalName: null, address: null, supportEmail: null, supportPhone: null });
  });
});
