import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailDev } from 'maildev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/services.ts';
import { emittedMetrics, metricNames } from '../../tests/helpers/emf.ts';
import { METRIC_DIMENSIONS } from '../lib/logger.ts';
import type { NewEmail } from '../outbox/messages.ts';
import { enqueueEmail, getMessage, MAX_ATTEMPTS, suppressAddress } from '../outbox/outbox.ts';
import { deliverMessage } from './deliver.ts';
import { resetEmailTransportForTests } from './transport.ts';

/**
 * The outbox's outcomes the Operations stack charts (EmailSent) and alarms on (EmailParked,
 * EmailSuppressed: infra/operations.test.ts), emitted by the sender the stream and the sweep run.
 */
let maildev: MailDev;
let smtpPort: number;
let mailDir: string;

beforeAll(async () => {
  const webPort = await freePort();
  smtpPort = await freePort();
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-mail-metrics-'));
  maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, log: { level: 'silent' } } as never);
  await maildev.start();
  Object.assign(process.env, {
    EMAIL_TRANSPORT: 'smtp',
    EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>',
    SMTP_PORT: String(smtpPort),
    MAIL_DIR: mailDir,
    LINK_SIGNING_KEY: 'test-link-signing-key-0123456789abcdef',
    STAGE: 'prod',
  });
  resetEmailTransportForTests();
});
afterAll(async () => {
  await maildev.stop();
  rmSync(mailDir, { recursive: true, force: true });
  delete process.env.STAGE;
});

let n = 0;
const receipt = (): NewEmail => ({
  kind: 'payment_received',
  to: `metrics${++n}-${Date.now()}@example.com`,
  applicationId: '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10',
  dedupeKey: `metrics-${n}-${Date.now()}`,
  payload: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    lines: [{ label: 'Wyoming state filing fee', amount: 100 }],
    total: 100,
    paidAt: '2026-11-22T10:00:00.000Z',
    provider: 'card',
    processingTime: '3-5 business days',
  },
});

describe('outbox metrics', () => {
  it('EmailSent for a message sent, by stage', async () => {
    const email = receipt();
    await enqueueEmail(email);
    const { result, metrics } = await emittedMetrics(() => deliverMessage(email.dedupeKey as string));
    expect(result).toBe('sent');
    expect(metricNames(metrics)).toEqual(['EmailSent']);
    expect(metrics[0]).toMatchObject({ Stage: 'prod', EmailSent: 1, _aws: { CloudWatchMetrics: [{ Dimensions: METRIC_DIMENSIONS }] } });
  });

  it('EmailSuppressed for a message to an address that bounced before', async () => {
    const email = receipt();
    await suppressAddress(email.to, 'bounce');
    await enqueueEmail(email);
    const { result, metrics } = await emittedMetrics(() => deliverMessage(email.dedupeKey as string));
    expect(result).toBe('suppressed');
    expect(metricNames(metrics)).toEqual(['EmailSuppressed']);
  });

  it('EmailParked once, when the last attempt fails, and nothing for the retries before it', async () => {
    process.env.SMTP_PORT = String(await freePort()); // nothing listens there
    resetEmailTransportForTests();
    try {
      const email = receipt();
      const id = email.dedupeKey as string;
      let now = Date.now();
      await enqueueEmail(email, now);
      const names: string[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const { result, metrics } = await emittedMetrics(() => deliverMessage(id, now));
        expect(result).toBe(attempt === MAX_ATTEMPTS ? 'parked' : 'retry');
        names.push(...metricNames(metrics));
        if (attempt < MAX_ATTEMPTS) now = Date.parse((await getMessage(id))?.dueAt as string) + 1;
      }
      expect(names).toEqual(['EmailParked']);
    } finally {
      process.env.SMTP_PORT = String(smtpPort);
      resetEmailTransportForTests();
    }
  });
});
