/**
 * Idempotent seed run by the local runtime on every start, after the tables exist.
 * Each feature adds its seed step here (e.g. the landing page's content items).
 */
export async function seedLocalData(): Promise<void> {}
