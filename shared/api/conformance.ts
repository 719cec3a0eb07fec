import { contractOf } from './contract.ts';
import { errorBodySchema } from './errors.schema.ts';

/**
 * Does an answer match the contract? The list of differences (empty: it does). Used by the
 * handler tests on every invocation (tests/helpers/events.ts), so a handler and the contract
 * cannot drift apart unnoticed.
 *
 * - A success status must be one the route declares, with a body its schema accepts and no field
 *   the schema does not declare (an undeclared field is how internal data leaks out).
 * - An error must have the common error body `{ error, code, details?, ...extras }`; a code the
 *   route documents must come with its status and have its extras.
 */
export function contractDrift(routeKey: string, status: number, body: unknown, rawBody: string): string[] {
  const route = contractOf(routeKey);
  if (status >= 400) {
    const code = (body as { code?: unknown } | undefined)?.code;
    const documented = typeof code === 'string' && route?.errors && Object.hasOwn(route.errors, code) ? route.errors[code] : undefined;
    if (!documented) return schemaProblems(errorBodySchema, body, false);
    const wrongStatus = documented.status === status ? [] : [`error ${code} comes with status ${documented.status} in the contract, not ${status}`];
    return [...wrongStatus, ...schemaProblems(documented.schema, body, false)];
  }
  if (!route) return [`${routeKey} is not a route of the contract (shared/api/contract.ts)`];
  const declared = Object.keys(route.responses);
  if (!declared.includes(String(status))) return [`status ${status} is not one the contract declares (${declared.join(', ')})`];
  const schema = route.responses[status as keyof typeof route.responses];
  if (schema === null || schema === undefined) return rawBody === '' ? [] : [`status ${status} has no body in the contract, got ${rawBody.slice(0, 80)}`];
  // A body that is not JSON (an iCalendar file) is checked as text.
  if (route.produces) return schemaProblems(schema, rawBody, false);
  return schemaProblems(schema, body, true);
}

/** What a check needs of a schema: its verdict on a value (every zod schema has it). */
interface Checkable {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

function schemaProblems(schema: Checkable, body: unknown, closed: boolean): string[] {
  const result = schema.safeParse(body);
  if (!result.success) return result.error.issues.map((i) => `${pathText(i.path)}: ${i.message}`);
  return closed ? undeclaredFields(body, result.data, []) : [];
}

/** Fields of the answer the schema dropped (plain objects strip what they do not declare). */
function undeclaredFields(sent: unknown, kept: unknown, path: PropertyKey[]): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => undeclaredFields(v, kept[i], [...path, i]));
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((k) =>
    Object.hasOwn(kept, k) ? undeclaredFields(sent[k], kept[k], [...path, k]) : [`${pathText([...path, k])}: not declared in the contract`],
  );
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : `${s}.${String(p)}`), 'body');
}
