import type { WizardData } from '#shared/wizard/data.schema.ts';
import type { Stage1Lead, Stage2Lead } from '#shared/wizard/leads.schema.ts';
import type { NameAvailability, NameSuggestion } from '#shared/wizard/names.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { rememberResumeSecret } from '../../lib/resume-secrets.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { loadApplicationId, saveApplicationId } from '../../lib/wizard-storage.ts';

/**
 * Saves the wizard: the first save creates the application (POST, keeps the id), later saves
 * PATCH it. An id the server no longer knows (404) is dropped and the application re-created.
 */
export async function saveWizard(data: Partial<WizardData>): Promise<string> {
  const id = loadApplicationId();
  if (id) {
    try {
      await apiCall('PATCH /api/llc-applications/{id}', { params: { id }, body: data });
      return id;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      saveApplicationId(undefined);
    }
  }
  const { completed: _never, ...draft } = data;
  const created = await apiCall('POST /api/llc-applications', { body: draft });
  rememberResumeSecret(created.id, created.resumeSecret);
  saveApplicationId(created.id);
  return created.id;
}

/** Final submission: PATCH with completed: true (creating the application first if needed). */
export async function submitWizard(data: WizardData): Promise<string> {
  const submit = (id: string) => apiCall('PATCH /api/llc-applications/{id}', { params: { id }, body: { ...data, completed: true } });
  const existing = loadApplicationId();
  if (existing) {
    try {
      await submit(existing);
      return existing;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      saveApplicationId(undefined);
    }
  }
  const id = await saveWizard({ ...data, completed: false });
  await submit(id);
  return id;
}

function leadContact(data: WizardData) {
  const { userId, firstName, lastName, email, phone, state, contentTypes, platforms } = data;
  return { userId, firstName, lastName, email, phone, state, contentTypes, platforms };
}

function leadSecrets(): Record<string, string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.leadSecrets) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function rememberLeadSecret(userId: string, secret: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.leadSecrets, JSON.stringify({ ...leadSecrets(), [userId]: secret }));
  } catch {
    // Storage blocked: later stages of this lead are then refused, which the visitor never sees.
  }
}

/**
 * Lead writes go one after another: the first one creates the lead and answers its secret, which
 * every later write of the wizard session sends (the server refuses a write to an existing lead
 * without it). Failures are logged and ignored (docs/product.md section 7).
 */
let leadWrites: Promise<void> = Promise.resolve();
function sendLead(key: 'POST /api/webhook/stage1' | 'POST /api/webhook/stage2', body: Stage1Lead | Stage2Lead, what: string): void {
  leadWrites = leadWrites.then(async () => {
    try {
      const secret = leadSecrets()[body.userId];
      const res = await apiCall(key, { body: (secret ? { ...body, leadSecret: secret } : body) as never });
      if (res.leadSecret) rememberLeadSecret(body.userId, res.leadSecret);
    } catch (err) {
      console.warn(`${what} not recorded`, err);
    }
  });
}

/** Lead webhooks (docs/product.md section 7): failures are logged and ignored. */
export function sendStage1Lead(data: WizardData): void {
  const body: Stage1Lead = { ...leadContact(data), stepCompleted: 2, leadSource: 'wizard_profile_step' };
  sendLead('POST /api/webhook/stage1', body, 'Lead stage 1');
}

export function sendStage2Lead(data: WizardData): void {
  const body: Stage2Lead = {
    ...leadContact(data),
    businessName: data.businessName,
    annualIncome: data.annualIncome,
    estimatedSavings: data.estimatedSavings,
    stepCompleted: 3,
    leadSource: 'wizard_business_setup',
  };
  sendLead('POST /api/webhook/stage2', body, 'Lead stage 2');
}

export function generateNames(keywords: string[], category: string, state: string): Promise<NameSuggestion[]> {
  return apiCall('POST /api/business-names/generate', { body: { keywords, category, state } });
}

export function checkNameAvailability(name: string, state: string): Promise<NameAvailability> {
  return apiCall('POST /api/business-names/check-availability', { body: { name, state } });
}
