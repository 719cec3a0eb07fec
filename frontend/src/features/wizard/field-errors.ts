import { createContext, useContext } from 'react';
import { FIELD_STEP, type WizardField } from '#shared/wizard/steps.ts';
import { ApiError } from '../../lib/api.ts';

/** One sentence per wizard field. */
export type FieldErrors = Partial<Record<WizardField, string>>;

/**
 * The sentences the server gave about fields (a 400's `details`, or a 409 such as `name_taken`),
 * shown beside those fields until the visitor changes them (WizardPage provides it).
 */
export const ServerFieldErrors = createContext<FieldErrors>({});

/** Whether the server's sentences name a field of the step shown: its Next stays disabled until they are answered. */
export const ServerBlocksStep = createContext(false);

export function useServerFieldError(field: WizardField): string | undefined {
  return useContext(ServerFieldErrors)[field];
}

/**
 * The wizard fields a failed call's `details` name, each with its first sentence ("contentTypes.0"
 * counts for contentTypes). Undefined when the answer names none: the caller shows its own message.
 */
export function serverFieldErrors(err: unknown): FieldErrors | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const details = err.body?.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return undefined;
  const out: FieldErrors = {};
  for (const [key, sentences] of Object.entries(details as Record<string, unknown>)) {
    const field = key.split('.')[0] as WizardField;
    const first = Array.isArray(sentences) ? sentences.find((s): s is string => typeof s === 'string') : undefined;
    if (Object.hasOwn(FIELD_STEP, field) && first && !out[field]) out[field] = first;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The fields whose sentence shows beside them (WizardTextField, the choice groups of step 2); WizardPage lists the others above the step. */
export const SHOWN_BESIDE_FIELD: ReadonlySet<string> = new Set<WizardField>([
  'firstName',
  'lastName',
  'email',
  'phone',
  'businessName',
  'contentTypes',
  'platforms',
]);

/** The earliest step showing one of these fields. */
export function firstStepOf(errors: FieldErrors): 1 | 2 | 3 | 4 {
  const steps = Object.keys(errors).map((field) => FIELD_STEP[field as WizardField] ?? 4);
  return Math.min(4, ...steps) as 1 | 2 | 3 | 4;
}
