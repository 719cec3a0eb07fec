import { beforeEach, describe, expect, it } from 'vitest';
import { agentCostOptions } from '#shared/operator/facts.ts';
import { JURISDICTION_CODES } from '#shared/state-facts/facts.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import { threeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { getOperatorSettings } from '../../data/operator-settings.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { PutCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { handler } from './get.ts';

beforeEach(() => {
  dynamoCallLog.length = 0;
});

type Line = { label: string; amount: number; year: number; source: { name: string; url: string; verifiedAt: string } };

const get = (code: string, query?: Record<string, string>) =>
  invoke(
    handler,
    apiEvent({ method: 'GET', route: '/api/state-costs/{stateCode}', path: `/api/state-costs/${code}`, pathParameters: { stateCode: code }, query }),
  );

function expectSourcedAndSummed(body: { lines: Line[]; total: number }) {
  expect(body.lines.length).toBeGreaterThan(0);
  for (const line of body.lines) {
    expect(line.source.name, line.label).not.toBe('');
    expect(line.source.url, line.label).toMatch(/^(https:\/\/|\/pricing$)/);
    expect(line.source.verifiedAt, line.label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  expect(body.total).toBe(body.lines.reduce((sum, l) => sum + l.amount, 0));
}

describe('GET /api/state-costs/{stateCode}', () => {
  it('WY for a California resident lists California’s foreign registration fee and its $800 tax in each year, and costs more than CA alone', async () => {
    const wy = await get('WY', { residence: 'CA' });
    expect(wy.status).toBe(200);
    expect(Object.keys(wy.body).sort()).toEqual(['lines', 'notCounted', 'notes', 'residence', 'state', 'total', 'years']);
    expect(wy.body).toMatchObject({ state: 'WY', residence: 'CA', years: 3 });
    const lines = wy.body.lines as Line[];
    const registration = lines.filter((l) => /^California foreign LLC registration fee/.test(l.label));
    expect(registration).toHaveLength(1);
    expect(registration[0]).toMatchObject({ year: 1, amount: 70 });
    const caTax = lines.filter((l) => /^California Annual Tax/.test(l.label));
    expect(caTax.map((l) => [l.year, l.amount])).toEqual([
      [1, 800],
      [2, 800],
      [3, 800],
    ]);
    expectSourcedAndSummed(wy.body);

    const ca = await get('CA');
    expect(ca.status).toBe(200);
    expect(ca.body).toMatchObject({ state: 'CA', residence: 'CA' });
    expectSourcedAndSummed(ca.body);
    expect(wy.body.total).toBeGreaterThan(ca.body.total);
    // One read each (the operator's renewal price), and cacheable for a few minutes.
    expect(dynamoCallLog).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(wy.headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it('DE lists Delaware’s yearly tax', async () => {
    const de = await get('de');
    expect(de.status).toBe(200);
    expect(de.body).toMatchObject({ state: 'DE', residence: 'DE' });
    const tax = (de.body.lines as Line[]).filter((l) => /^Delaware Annual Tax/.test(l.label));
    expect(tax.map((l) => [l.year, l.amount])).toEqual([
      [1, 400],
      [2, 400],
      [3, 400],
    ]);
    expect(tax[0].source.url).toMatch(/^https:\/\/.*delaware/i);
    expectSourcedAndSummed(de.body);
  });

  it.each(JURISDICTION_CODES.map((c) => [c]))('%s: whole non-negative dollars, every line sourced, the total the sum', async (code) => {
    for (const residence of [undefined, 'CA', 'NY']) {
      const res = await get(code, residence ? { residence } : undefined);
      expect(res.status).toBe(200);
      for (const line of res.body.lines as Line[]) {
        expect(Number.isInteger(line.amount), `${code}/${residence} ${line.label}`).toBe(true);
        expect(line.amount).toBeGreaterThanOrEqual(0);
      }
      expectSourcedAndSummed(res.body);
      // The notes the pages print under the figures, as the shared cost function writes them.
      expect(res.body.notes, `${code}/${residence}`).toEqual(threeYearCost(code, residence, agentCostOptions(await getOperatorSettings()))?.notes);
    }
  });

  it('answers 404 with the usual error body for an unknown state or residence, and 400 for a malformed one', async () => {
    expect((await get('ZZ')).body).toEqual({ error: 'Unknown state code: ZZ', code: 'state_not_found' });
    expect((await get('ZZ')).status).toBe(404);
    const residence = await get('WY', { residence: 'QQ' });
    expect(residence.status).toBe(404);
    expect(residence.body).toEqual({ error: 'Unknown state code: QQ', code: 'state_not_found' });
    expect((await get('WY', { residence: 'California' })).status).toBe(400);
    expect((await get('W1')).status).toBe(400);
    expect((await get('WY', { other: 'x' })).status).toBe(400);
  });
});

describe('our registered agent', () => {
  const office = { line1: '30 N Gould St', city: 'Sheridan', state: 'WY', zip: '82801' };
  const renewals = (body: { lines: { label: string; amount: number; year: number }[] }) =>
    body.lines.filter((l) => /Registered agent/.test(l.label) && l.year > 1).map((l) => l.amount);
  const settings = (item: Record<string, unknown>) =>
    ddb().send(new PutCommand({ TableName: tableName('operatorSettings'), Item: { id: 'OPERATOR', registeredAgentOffices: [], version: 1, ...item } }));

  it('is priced only where the operator has an office: elsewhere no renewal of ours, and a note says the customer names their own', async () => {
    await settings({ legalName: 'Creator Filings LLC', registeredAgentOffices: [] });
    const none = await get('WY');
    expect(renewals(none.body)).toEqual([]);
    expect(none.body.notes.join(' ')).toContain('We do not act as registered agent in Wyoming');
    await settings({ legalName: 'Creator Filings LLC', registeredAgentOffices: [office] });
    const ours = await get('WY');
    expect(renewals(ours.body)).toEqual([REGISTERED_AGENT_RENEWAL_USD, REGISTERED_AGENT_RENEWAL_USD]);
    expect(ours.body.total - none.body.total).toBe(2 * REGISTERED_AGENT_RENEWAL_USD);
  });

  it('follows the operator’s renewal price once the owner sets one (the pages quote the same)', async () => {
    await settings({ legalName: 'Creator Filings LLC', registeredAgentOffices: [office] });
    const listed = await get('WY');
    expect(renewals(listed.body).every((a) => a === REGISTERED_AGENT_RENEWAL_USD)).toBe(true);
    await settings({ legalName: 'Creator Filings LLC', registeredAgentOffices: [office], registeredAgentRenewalUsd: 99 });
    const set = await get('WY');
    expect(renewals(set.body)).toEqual([99, 99]);
    expect(listed.body.total - set.body.total).toBe(2 * (REGISTERED_AGENT_RENEWAL_USD - 99));
  });
});
