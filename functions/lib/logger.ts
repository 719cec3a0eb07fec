import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { lambdaFunctionName, logLevelSetting, stageSetting, underVitest } from './config.ts';

/**
 * Structured JSON logs, one line per entry, with the invocation's request id (set by
 * `logRequestContext()` in the HTTP middleware). Hand-written rather than a logging library:
 * our functions only log warnings and errors, and a library's import time is paid on every
 * cold start (Powertools' logger cost about 4 ms and 21 KB per function).
 */
const LOG_LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 } as const;
type LogLevel = keyof typeof LOG_LEVELS;
type Extra = Record<string, unknown>;

const SERVICE_NAME = 'creator-llc-api';

function levelFromEnv(): LogLevel {
  const configured = logLevelSetting()?.toUpperCase();
  if (configured && configured in LOG_LEVELS) return configured as LogLevel;
  return underVitest() ? 'SILENT' : 'INFO';
}

/** Errors keep their name, message, stack and cause; JSON.stringify would drop all of them. */
function serialise(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    const out: Extra = { name: value.name, message: value.message, stack: value.stack };
    if (value.cause !== undefined && depth < 3) out.cause = serialise(value.cause, depth + 1);
    return out;
  }
  return value;
}

export class Logger {
  level: LogLevel = levelFromEnv();
  private requestId: string | undefined;
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  setRequestId(id: string | undefined): void {
    this.requestId = id;
  }

  private log(level: Exclude<LogLevel, 'SILENT'>, message: string, extra?: Extra): void {
    if (LOG_LEVELS[level] < LOG_LEVELS[this.level]) return;
    const entry: Extra = { level, message, timestamp: new Date().toISOString(), service: SERVICE_NAME };
    if (this.requestId) entry.requestId = this.requestId;
    for (const [key, value] of Object.entries(extra ?? {})) if (!(key in entry)) entry[key] = serialise(value);
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({
        level,
        message,
        timestamp: entry.timestamp,
        service: SERVICE_NAME,
        requestId: this.requestId,
        note: 'extra fields could not be serialised',
      });
    }
    this.write(line);
  }

  debug(message: string, extra?: Extra): void {
    this.log('DEBUG', message, extra);
  }
  info(message: string, extra?: Extra): void {
    this.log('INFO', message, extra);
  }
  warn(message: string, extra?: Extra): void {
    this.log('WARN', message, extra);
  }
  error(message: string, extra?: Extra): void {
    this.log('ERROR', message, extra);
  }

  /**
   * A CloudWatch metric in embedded metric format: one log line CloudWatch turns into data
   * points of `METRICS_NAMESPACE`/`name`, once by the function's name and once by the stage (the
   * whole stage's count, which the alarms in infra/stacks/operations-stack.ts watch). Written at
   * every level but SILENT.
   */
  metric(name: MetricName, value = 1, extra?: Extra): void {
    if (this.level === 'SILENT') return;
    const functionName = lambdaFunctionName() ?? 'local';
    const entry: Extra = {
      ...extra,
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: METRIC_DIMENSIONS, Metrics: [{ Name: name, Unit: 'Count' }] }],
      },
      FunctionName: functionName,
      Stage: stageSetting() ?? 'local',
      [name]: value,
      service: SERVICE_NAME,
    };
    if (this.requestId) entry.requestId = this.requestId;
    this.write(JSON.stringify(entry));
  }
}

/** The CloudWatch namespace of the product's own metrics. */
export const METRICS_NAMESPACE = 'CreatorLLC';

/** Each metric is published per function and per stage (the deployed stacks set STAGE). */
export const METRIC_DIMENSIONS = [['FunctionName'], ['Stage']];

/**
 * Every metric the functions emit, each on the dashboard or an alarm (infra/stacks/operations-stack.ts):
 * - StripeWebhookBadSignature, StripeWebhookNotConfigured: the webhook refused a delivery;
 * - ServerError: an API answer of 5xx (the HTTP middleware, functions/lib/http.ts);
 * - EmailSent, EmailParked, EmailSuppressed: an outbox message's outcome (functions/jobs/outbox-*.ts);
 * - OrderPaid: a payment recorded as paid;
 * - NoPaymentMethod: the scheduled check found no card payment offered (1) or one offered (0);
 * - DueReminderAgeHours, DueRenewalAgeHours: after each reminder or renewal sweep, the hours the
 *   oldest row still due has waited since the start of its day (0 when none is left).
 */
export const METRIC_NAMES = [
  'StripeWebhookBadSignature',
  'StripeWebhookNotConfigured',
  'ServerError',
  'EmailSent',
  'EmailParked',
  'EmailSuppressed',
  'OrderPaid',
  'NoPaymentMethod',
  'DueReminderAgeHours',
  'DueRenewalAgeHours',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const logger = new Logger();

/**
 * Middy middleware: entries logged during an invocation carry its request id. Set anew before
 * each invocation (not cleared on the way out: the error middleware, which runs last, logs too).
 */
export function logRequestContext(target: Logger = logger): MiddlewareObj<unknown, unknown, Error, Context> {
  return { before: (request) => target.setRequestId(request.context?.awsRequestId) };
}
