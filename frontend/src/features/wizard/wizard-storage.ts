import { initialWizardData, type WizardData, wizardDataSchema } from '#shared/wizard/schema.ts';

import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

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

/**
 * The saved wizard, validated with the shared schema; anything unreadable starts a fresh wizard.
 * A submitted (even a paid) application stays: going back from checkout, or to /wizard/4 after
 * paying, shows the same application, never a new empty one. Only "Start another LLC" clears it.
 */
export function loadWizardData(): WizardData {
  const raw = storage()?.getItem(STORAGE_KEYS.data);
  if (raw) {
    try {
      const parsed = wizardDataSchema.safeParse({ ...initialWizardData(newUserId()), ...JSON.parse(raw) });
      if (parsed.success) return parsed.data;
    } catch {
      // fall through to a fresh wizard
    }
  }
  return initialWizardData(newUserId());
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
