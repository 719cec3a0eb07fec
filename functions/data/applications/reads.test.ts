import { describe, expect, it } from 'vitest';
import { TEST_RESUME_SECRET } from '../../../tests/fakes/applications.ts';
import { refusal, STAFF_ACTOR } from '../../../tests/helpers/refusal.ts';
import { getApplication } from './reads.ts';
import { updateApplicationByStaff } from './staff.ts';
import { saveApplication } from './wizard.ts';

describe('reading applications', () => {
  it('has one not-found for an application, wherever it is looked up', async () => {
    const unknown = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(await refusal(getApplication(unknown))).toEqual({ status: 404, code: 'application_not_found', extras: undefined });
    expect((await refusal(saveApplication(unknown, TEST_RESUME_SECRET, { firstName: 'X' })))?.code).toBe('application_not_found');
    expect((await refusal(updateApplicationByStaff(unknown, { notes: 'x' }, STAFF_ACTOR)))?.code).toBe('application_not_found');
    expect((await refusal(updateApplicationByStaff(unknown, { status: 'processing' }, STAFF_ACTOR)))?.code).toBe('application_not_found');
  });
});
