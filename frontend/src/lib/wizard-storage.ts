import { initialWizardData, type WizardData, type WizardField, wizardDataSchema, wizardFieldSchemas } from '#shared/wizard/data.schema.ts';

import { STORAGE_KEYS } from './storage-keys.ts';

export { STORAGE_KEYS };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function newUserId(): string {
  return `user-${crypto.randomUUID()}`;
}

/** Fields the visitor types: a saved value the schema refuses is kept as typed, with its sentence beside it. */
const TYPED_FIELDS = new Set<WizardField>(['firstName', 'lastName', 'email', 'phone', 'businessName']);

/**
 * The saved wizard, validated with the shared schema field by field: a value it accepts is kept
 * (as the server would store it), a typed value it refuses is kept as typed so the visitor sees
 * its sentence and fixes it, anything else unreadable is the fresh wizard's.
 * A submitted (even a paid) application stays: going back from checkout, or to /wizard/4 after
 * paying, shows the same application, never a new empty one. Only "Start another LLC" clears it.
 */
export function loadWizardData(): WizardData {
  const fresh = initialWizardData(newUserId());
  const raw = storage()?.getItem(STORAGE_KEYS.data);
  if (!raw) return fresh;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return fresh;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return fresh;
  const parsed = wizardDataSchema.safeParse({ ...fresh, ...stored });
  if (parsed.success) return parsed.data;
  const out: Record<string, unknown> = { ...fresh };
  for (const field of Object.keys(fresh) as WizardField[]) {
    const value = (stored as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const one = wizardFieldSchemas[field].safeParse(value);
    if (one.success) out[field] = one.data;
    else if (TYPED_FIELDS.has(field) && typeof value === 'string' && value.length <= 1000) out[field] = value;
  }
  return out as unknown as WizardData;
}

export function saveWizardData(data: WizardData): void {
  storage()?.setItem(STORAGE_KEYS.data, JSON.stringify(data));
  storage()?.setItem(STORAGE_KEYS.step, String(data.currentStep));
}

export function loadCurrentStep(): number {
  const n = Number(storage()?.getItem(STORAGE_KEYS.step));
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
}

export function loadApplicationId(): string | undefined {
  return storage()?.getItem(STORAGE_KEYS.applicationId) ?? undefined;
}

export function saveApplicationId(id: string | undefined): void {
  if (id) storage()?.setItem(STORAGE_KEYS.applicationId, id);
  else storage()?.removeItem(STORAGE_KEYS.applicationId);
}

/** "Start another LLC": this browser forgets the current wizard (its application stays on the server). */
export function startNewWizard(): void {
  for (const key of [STORAGE_KEYS.data, STORAGE_KEYS.step, STORAGE_KEYS.applicationId]) storage()?.removeItem(key);
}
