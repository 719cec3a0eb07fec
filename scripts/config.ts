/**
 * What the commands of scripts/ read from, and write to, the process's environment: the only
 * module in scripts/ that touches `process.env` (tests/env-reads.test.ts). Each accessor reads its
 * variable when called, as set; defaults stay where the value is used. An accessor taking `env`
 * reads that object instead (tests pass their own). The functions the local runtime runs in
 * process read their own settings (functions/lib/config.ts) from what `setEnvironment` writes.
 */

// The local runtime: `npm start`, `npm run dev` (README, "Environment variables").

/** PORT: the local server's port (Vite's, for `npm run dev`). */
export function portSetting(): string | undefined {
  return process.env.PORT;
}

/** API_PORT: the runtime's port behind Vite for `npm run dev`. */
export function apiPortSetting(): string | undefined {
  return process.env.API_PORT;
}

/** DATA_DIR: where DynamoDB Local, the S3 store and the mail catcher keep their data. */
export function dataDirSetting(): string | undefined {
  return process.env.DATA_DIR;
}

/** DYNAMODB_ENDPOINT: an existing DynamoDB to use instead of starting DynamoDB Local. */
export function dynamodbEndpointSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.DYNAMODB_ENDPOINT;
}

/** STAFF_PASSWORD: the owner's password when the first start creates the owner. */
export function staffPasswordSetting(): string | undefined {
  return process.env.STAFF_PASSWORD;
}

/** STAFF_EMAIL: the owner's address when the first start creates the owner. */
export function staffEmailSetting(): string | undefined {
  return process.env.STAFF_EMAIL;
}

/** SKIP_BUILD: `1` serves the site as last built. */
export function skipBuildSetting(): string | undefined {
  return process.env.SKIP_BUILD;
}

/** LOCAL_SITE: `off` serves the API alone. */
export function localSiteSetting(): string | undefined {
  return process.env.LOCAL_SITE;
}

/** LOCAL_JOBS: `off` runs the API without the background jobs. */
export function localJobsSetting(): string | undefined {
  return process.env.LOCAL_JOBS;
}

/** LOCAL_SWEEP_MS, LOCAL_REMINDER_SWEEP_MS, LOCAL_TTL_SWEEP_MS: how often the local timers run. */
export function localSweepMsSetting(): string | undefined {
  return process.env.LOCAL_SWEEP_MS;
}

export function localReminderSweepMsSetting(): string | undefined {
  return process.env.LOCAL_REMINDER_SWEEP_MS;
}

export function localTtlSweepMsSetting(): string | undefined {
  return process.env.LOCAL_TTL_SWEEP_MS;
}

/** MAIL_SMTP_PORT, MAIL_VIEWER_PORT: the mail catcher's ports. */
export function mailSmtpPortSetting(): string | undefined {
  return process.env.MAIL_SMTP_PORT;
}

export function mailViewerPortSetting(): string | undefined {
  return process.env.MAIL_VIEWER_PORT;
}

// The functions' settings a local run passes on when they are set (scripts/local/runtime.ts).

/** STRIPE_SECRET_KEY: set, the local run uses real Stripe (test keys) instead of the offline test cards. */
export function stripeSecretKeySetting(): string | undefined {
  return process.env.STRIPE_SECRET_KEY;
}

export function awsRegionSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.AWS_REGION;
}

export function awsAccessKeyIdSetting(): string | undefined {
  return process.env.AWS_ACCESS_KEY_ID;
}

export function awsSecretAccessKeySetting(): string | undefined {
  return process.env.AWS_SECRET_ACCESS_KEY;
}

export function documentLinksOriginSetting(): string | undefined {
  return process.env.DOCUMENT_LINKS_ORIGIN;
}

/** SITE_URL: the site's address (the local run's own by default; `npm run build` writes the sitemap with it). */
export function siteUrlSetting(): string | undefined {
  return process.env.SITE_URL;
}

export function staffSecondFactorSetting(): string | undefined {
  return process.env.STAFF_SECOND_FACTOR;
}

export function emailFromSetting(): string | undefined {
  return process.env.EMAIL_FROM;
}

export function inboundEmailDomainSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.INBOUND_EMAIL_DOMAIN;
}

export function linkSigningKeySetting(): string | undefined {
  return process.env.LINK_SIGNING_KEY;
}

// Operator commands.

/** A secret's value given in its environment variable (`npm run secrets:set -- --from-env`, or before the prompt). */
export function secretFromEnvironment(envVar: string): string | undefined {
  return process.env[envVar];
}

/** STRIPE_WEBHOOK_SECRET: the smoke test's webhook signing secret when `--webhook-secret` is not given. */
export function stripeWebhookSecretSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.STRIPE_WEBHOOK_SECRET;
}

/** USER: who runs an operator command, for its audit entry when `--operator` is not given. */
export function userSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.USER;
}

/** CI: set on the CI machine (`.ci/run`), where a missing cfn-lint is an error. */
export function ciSetting(): string | undefined {
  return process.env.CI;
}

/** The whole environment, for a child process that inherits it (the CDK CLI). */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** PATH, for a child process given an environment of its own. */
export function pathSetting(): string | undefined {
  return process.env.PATH;
}

/** CHROMIUM_PATH, else CHROME_PATH: the Chromium the browser tests and the web benchmark drive. */
export function chromiumPathSetting(): string | undefined {
  return process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
}

// The benchmarks' knobs (docs/benchmarks.md).

export function scaleRunsSetting(): string | undefined {
  return process.env.SCALE_RUNS;
}

export function backOfficeSizesSetting(): string | undefined {
  return process.env.BACK_OFFICE_SIZES;
}

export function backOfficeRunsSetting(): string | undefined {
  return process.env.BACK_OFFICE_RUNS;
}

export function transformRunsSetting(): string | undefined {
  return process.env.TRANSFORM_RUNS;
}

export function loadRateSetting(): string | undefined {
  return process.env.LOAD_RATE;
}

export function loadSecondsSetting(): string | undefined {
  return process.env.LOAD_SECONDS;
}

export function adapterRoundsSetting(): string | undefined {
  return process.env.ADAPTER_ROUNDS;
}

export function webBenchRunsSetting(): string | undefined {
  return process.env.WEB_BENCH_RUNS;
}

/** WEB_BENCH_PAGES: a comma-separated subset of the web benchmark's pages. */
export function webBenchPagesSetting(): string | undefined {
  return process.env.WEB_BENCH_PAGES;
}

/** WEB_BENCH_REPORTS: a folder keeping each Lighthouse report. */
export function webBenchReportsSetting(): string | undefined {
  return process.env.WEB_BENCH_REPORTS;
}

/** WEB_BENCH_MAX_LOAD: the load average the web benchmark waits for before each page (1 when unset). */
export function webBenchMaxLoadSetting(): string | undefined {
  return process.env.WEB_BENCH_MAX_LOAD;
}

/** WEB_BENCH_LOAD_WAIT_S: how long the web benchmark waits for that load before each page, in seconds (300 when unset). */
export function webBenchLoadWaitSetting(): string | undefined {
  return process.env.WEB_BENCH_LOAD_WAIT_S;
}

/** BENCH_REMINDER_CUSTOMERS: how many customers the reminders bench plans and sweeps (100,000 when unset). */
export function benchReminderCustomersSetting(): string | undefined {
  return process.env.BENCH_REMINDER_CUSTOMERS;
}

/** BENCH_VERBOSE: print each measured row as it comes. */
export function benchVerboseSetting(): string | undefined {
  return process.env.BENCH_VERBOSE;
}

// Writes: the environment of the functions run in this process (the local runtime, the operator
// commands, the benchmarks).

/** Sets each variable (`Object.assign(process.env, values)`). */
export function setEnvironment(values: Record<string, string> | undefined): void {
  Object.assign(process.env, values);
}

/** Sets the variable unless it is set already. */
export function setEnvironmentDefault(name: string, value: string): void {
  process.env[name] ??= value;
}

/**
 * Runs `spawn` with JAVA_TOOL_OPTIONS extended by `option` (a JVM started by it reads the options
 * from its environment), then puts the variable back as it was.
 */
export function withJavaToolOption<T>(option: string, spawn: () => T): T {
  const before = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [before, option].filter(Boolean).join(' ');
  try {
    return spawn();
  } finally {
    if (before === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = before;
  }
}
