import { checkNameRules, MAX_SUGGESTIONS, nameCandidates, nameKey } from '#shared/wizard/business-name.ts';
import type { NameAvailability, NameSuggestion } from '#shared/wizard/names.schema.ts';
import { isNameKeyTaken } from './applications/reads.ts';

/**
 * Name keys already requested by a submitted application (drafts do not hold a name: an
 * abandoned wizard should not block it for others). One Query per key, in parallel.
 */
async function takenNameKeys(keys: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(keys.filter(Boolean))];
  const taken = await Promise.all(unique.map((key) => isNameKeyTaken(key)));
  return new Set(unique.filter((_, i) => taken[i]));
}

/** Name ideas (8-12) from keywords/category, minus names already taken with us. */
export async function suggestNames(keywords: string[], category: string, state?: string): Promise<NameSuggestion[]> {
  const candidates = nameCandidates(keywords, category, state);
  const out: NameSuggestion[] = [];
  // Check in batches so a typical request costs one round of parallel queries.
  for (let i = 0; i < candidates.length && out.length < MAX_SUGGESTIONS; i += MAX_SUGGESTIONS) {
    const batch = candidates.slice(i, i + MAX_SUGGESTIONS);
    const taken = await takenNameKeys(batch.map(nameKey));
    for (const name of batch) {
      if (!taken.has(nameKey(name)) && out.length < MAX_SUGGESTIONS) out.push({ name, category });
    }
  }
  return out;
}

/** What we can honestly check: the state's naming rules and our own records (see AVAILABILITY_EXPLANATION). */
export async function checkNameAvailability(rawName: string, state?: string): Promise<NameAvailability> {
  const rules = checkNameRules(rawName, state);
  if (!rules.ok) return { available: false, name: rules.name, reason: rules.reason };
  if (await isNameKeyTaken(nameKey(rules.name))) {
    return { available: false, name: rules.name, reason: 'Another application with us has already requested this name.' };
  }
  return { available: true, name: rules.name };
}
