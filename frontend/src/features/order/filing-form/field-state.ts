import { createContext, useContext } from 'react';
import type { FieldErrors } from './draft.ts';

/**
 * Which sentence each field of the filing details form shows (docs/product.md section 10): the
 * server's sentence about it until the field changes, else the shared schema's sentence once the
 * customer has left the field or pressed Save. Fields claim their path as they render, so a
 * sentence about a path no field shows is listed above the Save button instead of being lost.
 */
export interface FieldState {
  /** The sentence shown beside the field at `path`, if any. */
  error(path: string): string | undefined;
  blur(path: string): void;
  changed(path: string): void;
  /** The form shows the sentences of `path` (and of every path below it) here. */
  claim(path: string): void;
}

export const FieldStateContext = createContext<FieldState | null>(null);

export function useFieldState(): FieldState {
  const state = useContext(FieldStateContext);
  if (!state) throw new Error('useFieldState outside the filing details form');
  return state;
}

/** The element id of the field at a path: "members.0.name" -> "fd-members-0-name". */
export const fieldId = (path: string) => `fd-${path.replace(/\./g, '-')}`;

/** A path, or one of its ancestors, is in the set ("members" covers "members.0.name"). */
export function coveredBy(path: string, prefixes: Iterable<string>): boolean {
  for (const p of prefixes) if (path === p || path.startsWith(`${p}.`)) return true;
  return false;
}

/** The first sentence of each path not yet claimed by a field. */
export function unclaimedSentences(errors: FieldErrors, claimed: ReadonlySet<string>): string[] {
  return Object.entries(errors)
    .filter(([path]) => !coveredBy(path, claimed))
    .map(([, sentences]) => sentences[0])
    .filter((s): s is string => Boolean(s));
}
