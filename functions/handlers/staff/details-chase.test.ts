import { beforeAll, describe, expect, it, vi } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { listAudit } from '../../data/audit.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler } from './details-chase.ts';

let processor: Record<string, string>;
let support: Record<string, string>;
beforeAll(async () => {
  processor = await staffHeaders({ role: 'processor' });
  support = await staffHeaders({ role: 'support' });
});

const ROUTE = '/api/staff/applications/{id}/details-chase';
const chase = (id: string, headers = processor) =>
  invoke(handler, apiEvent({ method: 'POST', route: ROUTE, path: ROUTE.replace('{id}', id), pathParameters: { id }, body: {}, headers }));

/** A paid order whose customer has not given the filing details: the "waiting for details" stage. */
const waiting = (email: string) =>
  putApplication({
    status: 'submitted',
    paymentStatus: 'paid',
    paidAt: '2026-11-20T09:00:00.000Z',
    detailsCompletedAt: undefined,
    filingDetails: undefined,
    email,
    queue: 'details',
    queueSince: '2026-11-20T09:00:00.000Z',
  });

describe('POST /api/staff/applications/{id}/details-chase', () => {
  it('emails the reminder again, records who chased and when, with an activity and an audit entry; clicks in one window send one email', async () => {
    const app = await waiting('ava.chase@example.com');
    const at = new Date('2026-11-22T15:01:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      const res = await chase(app.id);
      expect(res.status).toBe(200);
      expect(res.body.detailsChased).toMatchObject({ at: at.toISOString(), by: expect.stringContaining('@'), times: 1 });
      const window = Math.floor(at.getTime() / 600_000);
      expect(await getMessage(`details-chase:${app.id}:${window}`)).toMatchObject({
        kind: 'details_reminder',
        to: 'ava.chase@example.com',
        applicationId: app.id,
      });
      expect((await listAudit({ applicationId: app.id })).items.map((e) => e.action)).toEqual(['details_chased']);
      const entry = (await listRecentActivity(20)).find((a) => a.applicationId === app.id);
      expect(entry).toMatchObject({ action: 'details_chased', category: 'filing' });

      // A second click 5 minutes later: the same window, nothing more is sent or recorded.
      vi.setSystemTime(new Date(at.getTime() + 5 * 60_000));
      const again = await chase(app.id);
      expect(again.status).toBe(200);
      expect(again.body.detailsChased).toMatchObject({ at: at.toISOString(), times: 1 });
      expect((await listAudit({ applicationId: app.id })).items).toHaveLength(1);

      // The next window: a second email, and the order counts the chases.
      vi.setSystemTime(new Date(at.getTime() + 11 * 60_000));
      const later = await chase(app.id);
      expect(later.body.detailsChased).toMatchObject({ times: 2 });
      expect(await getMessage(`details-chase:${app.id}:${window + 1}`)).toMatchObject({ kind: 'details_reminder' });
      expect((await readApplication(app.id))?.detailsChased).toMatchObject({ times: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an order that is not waiting for its details, and support (who does not work orders)', async () => {
    const complete = await putApplication({ status: 'submitted', paymentStatus: 'paid', email: 'ava.done@example.com' });
    expect(await chase(complete.id)).toMatchObject({ status: 409, body: { code: 'nothing_to_chase' } });
    const unpaid = await putApplication({ status: 'submitted', paymentStatus: 'unpaid' });
    expect(await chase(unpaid.id)).toMatchObject({ status: 409, body: { code: 'nothing_to_chase' } });
    const app = await waiting('ava.support@example.com');
    expect((await chase(app.id, support)).status).toBe(403);
    expect((await readApplication(app.id))?.detailsChased).toBeUndefined();
  });
});
