import { describe, expect, it } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { refusal, STAFF_ACTOR } from '../../../tests/helpers/refusal.ts';
import { updateApplicationByStaff } from './staff.ts';

describe('staff changes to an application', () => {
  it('shows staff the version, and answers a refused move with the status the application has', async () => {
    const app = await putApplication({ status: 'submitted', paymentStatus: 'paid' });
    const noted = await updateApplicationByStaff(app.id, { notes: 'First look.' }, STAFF_ACTOR);
    expect(noted).toMatchObject({ notes: 'First look.', version: 1 });
    const moved = await updateApplicationByStaff(app.id, { status: 'processing' }, STAFF_ACTOR);
    expect(moved).toMatchObject({ status: 'processing', version: 2 });
    expect(await refusal(updateApplicationByStaff(app.id, { status: 'processing' }, STAFF_ACTOR))).toMatchObject({
      status: 409,
      code: 'status_conflict',
      extras: { currentStatus: 'processing' },
    });
    expect((await readApplication(app.id))?.version).toBe(2);
  });

  it('keeps every note with who wrote it and when: a new note is added, never written over', async () => {
    const app = await putApplication({ status: 'submitted', paymentStatus: 'paid', notes: 'Old single note.' });
    await updateApplicationByStaff(app.id, { notes: 'Called the customer.' }, STAFF_ACTOR);
    const second = await updateApplicationByStaff(app.id, { notes: 'Name confirmed.' }, { ...STAFF_ACTOR, email: 'riley@staff.example.com' });
    expect(second.noteHistory).toEqual([
      { text: 'Called the customer.', by: STAFF_ACTOR.email, at: expect.any(String) },
      { text: 'Name confirmed.', by: 'riley@staff.example.com', at: expect.any(String) },
    ]);
    const stored = await readApplication(app.id);
    expect((stored!.noteHistory as { text: string }[]).map((n) => n.text)).toEqual(['Called the customer.', 'Name confirmed.']);
    expect(stored?.notes).toBe('Name confirmed.');
  });
});
