import * as z from '../zod.ts';
import { ADD_ON_KEYS, type AddOnKey } from './catalog.ts';

/**
 * One schema per add-on flag of the catalog, for the objects that carry them (the wizard data, the
 * public application, the staff view): a new add-on adds its flag to each of them.
 */
export function addOnFlagShape<S extends z.ZodMiniType>(make: (key: AddOnKey) => S): Record<AddOnKey, S> {
  return Object.fromEntries(ADD_ON_KEYS.map((key) => [key, make(key)])) as Record<AddOnKey, S>;
}

/** `true`/`false` with the sentence the wizard shows for anything else. */
export const addOnFlagSchema = (key: AddOnKey) => z.boolean({ error: `${key} must be true or false` });
