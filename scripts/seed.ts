import { LANDING_COPY } from '../frontend/src/features/landing/landing-copy.ts';
import { seedContentItem } from '../functions/data/content-writes.ts';

/**
 * Idempotent seed run by the local runtime on every start, after the tables exist.
 * Landing copy: one content item per LANDING_COPY section (page 'landing'), written only when
 * none exists for that place, so staff edits survive restarts.
 */
export async function seedLocalData(): Promise<{ contentItemsCreated: number }> {
  let contentItemsCreated = 0;
  for (const [section, content] of Object.entries(LANDING_COPY)) {
    if (await seedContentItem({ page: 'landing', section, content, contentType: 'text' })) contentItemsCreated++;
  }
  return { contentItemsCreated };
}
