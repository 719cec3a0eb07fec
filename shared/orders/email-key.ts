/**
 * The key an email address is found by ("find my order"): trimmed and lower-cased, so
 * "Ava@Example.com " finds what "ava@example.com" placed. Empty for a value that is not an
 * address (no "@" between non-empty parts).
 */
export function emailKey(email: string): string {
  const key = email.trim().toLowerCase();
  return /^[^@\s]+@[^@\s]+$/.test(key) ? key : '';
}
