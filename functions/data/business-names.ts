import { checkNameRules, MAX_SUGGESTIONS, nameCandidates, nameKey } from '#shared/wizard/business-name.ts';
import type { NameAvailability, NameSuggestion } from '#shared/wizard/names-api.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { QueryCommand } from '../lib/clients/dynamodb-sdk.ts';

/**
 * Name keys already requested by a submitted application (drafts do not hold a name: an
 * abandoned wizard should not block it for others). One Query on byNameKey per key, in parallel.
 */
export async function takenNameKeys(keys: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(keys.filter(Boolean))];
  const results = await Promise.all(
    unique.map(async (key) => {
      const out = await ddb().send(
        new QueryCommand({
          TableName: tableName('applications'),
          IndexName: 'byNameKey',
          KeyConditionExpression: 'nameKey = :k',
          FilterExpression: '#status <> :draft',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':k': key, ':draft': 'draft' },
          Select: 'COUNT',
        }),
      );
      return (out.Count ?? 0) > 0 ? key : undefined;
    }),
  );
  return new Set(results.filter((k): k is string => Boolean(k)));
}

export async function isNameKeyTaken(key: string): Promise<boolean> {
  return (await takenNameKeys([key])).has(key);
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
