import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The operator's registered-agent office in `state` (and a legal name to act under), added to
 * whatever the settings hold: "Use our registered agent" is offered only where one exists.
 */
export async function ensureAgentOffice(request: APIRequestContext, token: string, state: string, office: { line1: string; city: string; zip: string }) {
  const current = await (await request.get('/api/operator-settings')).json();
  if (current.legalName && current.registeredAgentOffices.some((o: { state: string }) => o.state === state)) return;
  const { updatedAt: _at, ...settings } = current;
  const res = await request.put('/api/staff/operator-settings', {
    data: {
      ...settings,
      legalName: settings.legalName ?? 'Creator Filings LLC',
      registeredAgentOffices: [...settings.registeredAgentOffices, { ...office, state }],
    },
    headers: { 'staff-token': token },
  });
  expect(res.status(), await res.text()).toBe(200);
}
