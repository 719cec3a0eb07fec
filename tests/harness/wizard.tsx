import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { STATE_PRICING } from '#shared/states.ts';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import type { StepProps } from '../../frontend/src/features/wizard/fields.tsx';
import { createQueryClient } from '../../frontend/src/lib/query-client.ts';

/** fetch stand-in answering the pricing API from the shared state data; other calls go to `other`. */
export function stubPricingFetch(other?: (url: string, init?: RequestInit) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/states') return json(STATE_PRICING);
    const m = url.match(/^\/api\/state-pricing\/([A-Z]{2})$/);
    if (m) {
      const s = STATE_PRICING.find((p) => p.code === m[1]);
      return s ? json(s) : json({ error: 'Unknown' }, 404);
    }
    if (other) {
      const answer = await other(url, init);
      return answer instanceof Response ? answer : json(answer);
    }
    return json({ error: 'not stubbed' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders one step with real state, so typing and clicking change the data it sees. */
export function renderStep(Step: ComponentType<StepProps<WizardData>>, start: Partial<WizardData> = {}) {
  const onNext = vi.fn();
  const onBack = vi.fn();
  let current: WizardData = { ...initialWizardData('user-test-0001'), ...start };
  function Harness() {
    const [data, setData] = useState(current);
    current = data;
    return <Step data={data} update={(patch) => setData((d) => ({ ...d, ...patch }))} onNext={onNext} onBack={onBack} />;
  }
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, onNext, onBack, data: () => current };
}
