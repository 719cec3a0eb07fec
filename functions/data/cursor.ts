import { ValidationError } from '../lib/errors.ts';
import { cursorKeySchema } from './cursor.schema.ts';

/**
 * Pagination cursors: a Query's LastEvaluatedKey as base64url JSON. Decoding checks the shape
 * (exactly the expected string keys), so a tampered cursor is a 400, not a database error.
 */
export const invalidCursor = () => new ValidationError('The cursor is invalid; start again from the first page', undefined, 'invalid_cursor');

export function encodeCursor(key: Record<string, unknown>, keys: readonly string[]): string {
  return Buffer.from(JSON.stringify(Object.fromEntries(keys.map((k) => [k, key[k]])))).toString('base64url');
}

export function decodeCursor(cursor: string, keys: readonly string[]): Record<string, string> {
  const schema = cursorKeySchema(keys);
  try {
    if (cursor.length > 2000) throw invalidCursor();
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success) throw invalidCursor();
    return parsed.data as Record<string, string>;
  } catch {
    throw invalidCursor();
  }
}
