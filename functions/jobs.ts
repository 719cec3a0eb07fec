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
    /** SES bounce and complaint notifications (SNS on AWS). */
    | { kind: 'email-feedback' };
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
    tables: { outbox: 'write', emailSuppressions: 'read', applications: 'read' },
    secrets: ['linkSigningKey'],
    sendsEmail: true,
    timeoutSeconds: 60,
  },
  /** Retries whose backoff ran out, and messages a crashed sender left claimed. */
  outboxSweep: {
    handler: 'outbox-sweep',
    trigger: { kind: 'schedule', everyMinutes: 5 },
    tables: { outbox: 'write', emailSuppressions: 'read', applications: 'read' },
    secrets: ['linkSigningKey'],
    sendsEmail: true,
    timeoutSeconds: 120,
  },
  /** Bounces and complaints: the address is never mailed again. */
  emailFeedback: {
    handler: 'email-feedback',
    trigger: { kind: 'email-feedback' },
    tables: { emailSuppressions: 'write' },
  },
} as const satisfies Record<string, JobDef>;

export type JobKey = keyof typeof JOBS;
