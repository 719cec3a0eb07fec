import { beforeAll, describe, expect, it } from 'vitest';
import { putOperatorAgentOffices } from '../../../tests/fakes/documents.ts';
import { storedFilingDetails } from '../../../tests/fakes/filing-details.ts';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler } from './agent-office-gaps.ts';

/**
 * The staff settings banner's list: states with open (paid, not completed) orders where the
 * operator has no registered-agent office, with how many of them chose our agent.
 */
let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});

const get = (h: Record<string, string> = headers) => invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/registered-agent-gaps', headers: h }));
const withAgent = (kind: 'ours' | 'own') =>
  kind === 'ours'
    ? { ...storedFilingDetails(), registeredAgent: { kind: 'ours', renewalConsent: true } }
    : {
        ...storedFilingDetails(),
        registeredAgent: { kind: 'own', name: 'Statewide Agents Inc.', address: storedFilingDetails().principalOffice, consent: true },
      };

describe('GET /api/staff/registered-agent-gaps', () => {
  it('lists states with open orders and no office, orders that chose our agent counted apart; completed, unpaid and covered orders are left out', async () => {
    // Offices everywhere the fixtures know except Florida and Texas.
    await putOperatorAgentOffices(['FL', 'TX']);
    await putApplication({ state: 'FL', status: 'processing', filingDetails: withAgent('ours') });
    await putApplication({ state: 'FL', status: 'submitted', filingDetails: withAgent('own') });
    await putApplication({ state: 'TX', status: 'filed', filingDetails: withAgent('own') });
    await putApplication({ state: 'TX', status: 'completed', filingDetails: withAgent('ours') });
    await putApplication({ state: 'TX', status: 'submitted', paymentStatus: 'pending', filingDetails: withAgent('ours') });
    await putApplication({ state: 'WY', status: 'processing', filingDetails: withAgent('ours') });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      states: [
        { state: 'FL', openOrders: 2, choseOurAgent: 1 },
        { state: 'TX', openOrders: 1, choseOurAgent: 0 },
      ],
    });
    // An office in Florida and Texas: nothing to list.
    await putOperatorAgentOffices();
    expect((await get()).body).toEqual({ states: [] });
  });

  it('is for staff only', async () => {
    expect((await get({})).status).toBe(401);
  });
});
