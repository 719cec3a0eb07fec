import { describe, expect, it } from 'vitest';
import { LANDING_COPY } from '../frontend/src/features/landing/landing-copy.ts';
import { contentItemId, listContentItems } from '../functions/data/content.ts';
import { updateContentItem } from '../functions/data/content-writes.ts';
import { seedLocalData } from './seed.ts';

describe('seedLocalData', () => {
  it('seeds every landing text once and never overwrites an edit', async () => {
    const keys = Object.keys(LANDING_COPY);
    expect(keys.length).toBeGreaterThan(0);
    expect(await seedLocalData()).toEqual({ contentItemsCreated: keys.length });
    const items = await listContentItems();
    for (const key of keys)
      expect(items).toContainEqual({ id: contentItemId('landing', key), page: 'landing', section: key, content: LANDING_COPY[key], contentType: 'text' });

    await updateContentItem(contentItemId('landing', keys[0]), { content: 'Edited hero' }, { id: 'test-staff', email: 'staff@example.com', role: 'processor' });
    expect(await seedLocalData()).toEqual({ contentItemsCreated: 0 });
    const after = await listContentItems();
    expect(after).toHaveLength(items.length);
    expect(after.find((i) => i.section === keys[0])?.content).toBe('Edited hero');
  });
});
