import { describe, expect, it } from 'vitest';
import { putApplication, readApplication, TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { getApplication } from './reads.ts';
import { createApplication, saveApplication } from './wizard.ts';

describe('the applications table', () => {
  it('starts new items at version 1 and bumps it on every write; an item without one counts as 0', async () => {
    const { id, resumeSecret } = await createApplication({ firstName: 'Ada' });
    expect((await getApplication(id)).version).toBe(1);
    await saveApplication(id, resumeSecret, { lastName: 'Lovelace' });
    expect((await getApplication(id)).version).toBe(2);

    const legacy = await putApplication();
    expect(legacy).not.toHaveProperty('version');
    await saveApplication(legacy.id, TEST_RESUME_SECRET, { phone: '305-555-0100' });
    expect((await readApplication(legacy.id))?.version).toBe(1);
  });
});
