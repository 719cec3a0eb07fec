import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; the request id is added per invocation by the HTTP middleware. */
export const logger = new Logger({
  serviceName: 'creator-llc-api',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? (process.env.VITEST ? 'SILENT' : 'INFO'),
});
