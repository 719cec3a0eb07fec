/** The `access` token of a fragment such as "#access=123.abc", if any (an emailed link to an order: lib/link-access.ts). */
export function accessTokenFrom(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('access');
  return token || undefined;
}
