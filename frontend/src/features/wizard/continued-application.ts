import type { ApplicationResponse } from '#shared/api/responses.schema.ts';
import { initialWizardData, type WizardData, type WizardField, wizardFieldSchemas } from '#shared/wizard/data.schema.ts';
import { accessTokenFrom } from '../../lib/access-token.ts';
import { apiCall } from '../../lib/api-client.ts';
import { openOrderLink } from '../../lib/order-first-read.ts';
import { saveApplicationId } from '../../lib/wizard-storage.ts';

/**
 * An emailed "continue" link for a draft: `/wizard/1?applicationId=<id>#access=<token>`. The
 * page reads the token once (and drops it from the address bar), exchanges it for the
 * application's resume secret, and takes the saved answers over, so the wizard goes on in this
 * browser where the other one left it.
 */
export function continueLinkIn(search: string, hash: string): { applicationId: string; token: string } | undefined {
  const applicationId = new URLSearchParams(search).get('applicationId');
  const token = accessTokenFrom(hash);
  return applicationId && token ? { applicationId, token } : undefined;
}

/** The wizard's answers in a saved application: each field the wizard's schema accepts, the rest fresh. */
export function wizardDataFrom(application: ApplicationResponse['application']): WizardData {
  const out: Record<string, unknown> = { ...initialWizardData(application.userId ?? `user-${crypto.randomUUID()}`) };
  for (const field of Object.keys(wizardFieldSchemas) as WizardField[]) {
    const value = (application as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const parsed = wizardFieldSchemas[field].safeParse(value);
    if (parsed.success) out[field] = parsed.data;
  }
  return out as unknown as WizardData;
}

/** Opens the linked application in this browser: answers its wizard data, and keeps its id as the wizard's. */
export async function openContinuedApplication(applicationId: string, token: string): Promise<WizardData> {
  await openOrderLink(applicationId, token);
  const { application } = await apiCall('GET /api/llc-applications/{id}', { params: { id: applicationId } });
  saveApplicationId(applicationId);
  return wizardDataFrom(application);
}
