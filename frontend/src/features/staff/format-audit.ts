/** A value of an audit entry in a line: text as it is, numbers, lists and objects as compact JSON. */
export function auditValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value);
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}

/** The fields an entry's before and after name, each with its two values (changed ones only). */
export function auditChanges(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const b =
    before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : before === undefined ? {} : { value: before };
  const a = after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: auditValue(b[field]), after: auditValue(a[field]) }));
}
