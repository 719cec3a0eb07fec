import type { Grant } from './routes.ts';
import type { SecretKey } from './secrets-catalog.ts';
import type { TableKey } from './tables.ts';

/**
 * Functions that no HTTP route calls: each with what triggers it. The single source the CDK
 * stacks generate their functions, event sources and schedules from, and the local runtime
 * drives the same handlers from (a stream poller, timers).
 */
export interface JobDef {
  /** Module under functions/jobs/ exporting `handler`. */
  handler: string;
  trigger:
    | { kind: 'stream'; table: TableKey }
    | { kind: 'schedule'; everyMinutes: number }
    /**
     * Once a day at this hour (UTC): an EventBridge cron rule on AWS, a timer locally. With
     * `untilHourUtc`, again every hour up to that hour: a sweep that stopped at its time budget is
     * continued by the next run (docs/decisions/0414-reminders-at-scale.md).
     */
    | { kind: 'daily'; hourUtc: number; untilHourUtc?: number }
    /** SES bounce and complaint notifications (SNS on AWS). */
    | { kind: 'email-feedback' }
    /** Mail SES receives for the inbound domain, once its receipt rule has stored it (locally: the mail catcher's twin). */
    | { kind: 'inbound-email' };
  tables: Partial<Record<TableKey, Grant>>;
  secrets?: SecretKey[];
  /** Sends email (SES on AWS): granted ses:SendEmail for the configured identity only. */
  sendsEmail?: boolean;
  timeoutSeconds?: number;
}

export const JOBS = {
  /** New outbox messages, as the table's stream delivers them. */
  outboxSender: {
    handler: 'outbox-stream',
    trigger: { kind: 'stream', table: 'outbox' },
    tables: { outbox: 'write', emailSuppressions: 'read', applications: 'read', staff: 'read', operatorSettings: 'read' },
    secrets: ['linkSigningKey'],
    sendsEmail: true,
    timeoutSeconds: 60,
  },
  /** Retries whose backoff ran out, and messages a crashed sender left claimed. */
  outboxSweep: {
    handler: 'outbox-sweep',
    trigger: { kind: 'schedule', everyMinutes: 5 },
    tables: { outbox: 'write', emailSuppressions: 'read', applications: 'read', staff: 'read', operatorSettings: 'read' },
    secrets: ['linkSigningKey'],
    sendsEmail: true,
    timeoutSeconds: 120,
  },
  /**
   * Replies to conversation emails (docs/decisions/0377): each message's new words join the ticket
   * its reply address names. Reads the stored message from the inbound mail bucket (granted with it).
   */
  inboundEmail: {
    handler: 'inbound-email',
    trigger: { kind: 'inbound-email' },
    tables: { tickets: 'write', counters: 'write', activity: 'write' },
    secrets: ['linkSigningKey'],
    timeoutSeconds: 60,
  },
  /** Bounces and complaints: the address is never mailed again. */
  emailFeedback: {
    handler: 'email-feedback',
    trigger: { kind: 'email-feedback' },
    tables: { emailSuppressions: 'write', outbox: 'write' },
  },
  /**
   * The compliance calendar's reminders due today (state deadlines 30/14/3 days ahead, the agreed
   * registered agent renewal 30/7 days ahead): each queued once in the outbox, which sends it.
   */
  reminderSweep: {
    handler: 'reminder-sweep',
    trigger: { kind: 'daily', hourUtc: 14, untilHourUtc: 18 },
    tables: { reminders: 'write', applications: 'read', outbox: 'write' },
    timeoutSeconds: 300,
  },
  /**
   * The registered agent renewals due today, charged off-session at the agreed price (each period
   * once: a lease on the order and a Stripe idempotency key), and the lapse of those left unpaid
   * after the grace period. An hour after the reminder sweep.
   */
  renewalSweep: {
    handler: 'renewal-sweep',
    trigger: { kind: 'daily', hourUtc: 15, untilHourUtc: 19 },
    tables: { reminders: 'write', applications: 'write', outbox: 'write', activity: 'write', audit: 'append', operatorSettings: 'read' },
    secrets: ['stripeSecretKey'],
    timeoutSeconds: 300,
  },
  /**
   * The annual reports filed for the customer (docs/decisions/0431): their notices, their charges
   * before each due date at the agreed price (once: the renewal's lease and idempotency key), and
   * the lapse of those left unpaid. After the renewal sweep.
   */
  annualReportSweep: {
    handler: 'annual-report-sweep',
    trigger: { kind: 'daily', hourUtc: 16, untilHourUtc: 20 },
    tables: { reminders: 'write', applications: 'write', outbox: 'write', activity: 'write', audit: 'append' },
    secrets: ['stripeSecretKey'],
    timeoutSeconds: 300,
  },
  /**
   * The synthetic "can anyone pay?" check: asks the deployed site which payment methods it offers
   * and publishes NoPaymentMethod (the Operations stack alarms on it). Reads nothing itself.
   */
  paymentCheck: {
    handler: 'payment-check',
    trigger: { kind: 'schedule', everyMinutes: 15 },
    tables: {},
    timeoutSeconds: 30,
  },
} as const satisfies Record<string, JobDef>;

export type JobKey = keyof typeof JOBS;
