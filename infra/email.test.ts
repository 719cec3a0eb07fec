import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, type JobDef, type JobKey } from '../functions/jobs.ts';
import { ROUTES, type RouteDef } from '../functions/routes.ts';
import { GENERATED_SECRET_KEYS, OPERATOR_SECRET_KEYS, SECRET_KEYS, SECRETS } from '../functions/secrets-catalog.ts';
import { TABLE_KEYS, TABLES, type TableDef } from '../functions/tables.ts';
import { configurationSetName, SES_SEND_ACTIONS } from './email.ts';
import { DEFAULT_TIMEOUT_SECONDS, jobConstructId, KMS_ACTIONS, STREAM_JOB_SOURCE } from './stacks/api-stack.ts';
import { tableConstructId } from './stacks/data-stack.ts';
import { GENERATED_SECRETS, ORIGIN_VERIFY_LENGTH } from './stacks/secrets-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT, parseStageConfig } from './stage-config.ts';
import { functionsWithPolicies, liveAliasOf, type SynthesisedProduct, statementsFor, synthProduct, type TemplateResource } from './test-support.ts';

const jobs = Object.entries(JOBS) as [JobKey, JobDef][];
const routes = ROUTES as readonly RouteDef[];

let dev: SynthesisedProduct;
let prod: SynthesisedProduct;
/** prod verifying the whole domain instead of the address. */
let prodDomain: SynthesisedProduct;

beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
  prod = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT });
  prodDomain = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT, emailDomain: 'example.com' });
}, 180_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
  prodDomain?.cleanup();
});

function resources(product: SynthesisedProduct, stack: keyof SynthesisedProduct['templates'], type: string): [string, TemplateResource][] {
  return Object.entries(product.templates[stack].findResources(type)) as [string, TemplateResource][];
}

/** A job's function (its id is the construct id plus CDK's 8-character hash). */
function jobFunction(product: SynthesisedProduct, key: JobKey) {
  const pattern = new RegExp(`^${jobConstructId(key)}[0-9A-F]{8}$`);
  const found = functionsWithPolicies(product.templates.api).find((f) => pattern.test(f.logicalId));
  if (!found) throw new Error(`No function for job ${key}`);
  return found;
}

const isJob = (logicalId: string) => jobs.some(([key]) => new RegExp(`^${jobConstructId(key)}[0-9A-F]{8}$`).test(logicalId));
const text = (value: unknown) => JSON.stringify(value);

describe('DynamoDB Streams', () => {
  it('turns on a new-image stream exactly on the tables whose definition asks for one (the outbox)', () => {
    expect((TABLES.outbox as TableDef).stream).toBe('NEW_IMAGE');
    for (const product of [dev, prod]) {
      const tables = resources(product, 'data', 'AWS::DynamoDB::Table');
      for (const key of TABLE_KEYS) {
        const [, table] = tables.find(([id]) => id.startsWith(tableConstructId(key))) ?? [];
        const def: TableDef = TABLES[key];
        expect(table?.Properties.StreamSpecification, key).toEqual(def.stream ? { StreamViewType: def.stream } : undefined);
      }
    }
  });
});

describe('jobs: generated from functions/jobs.ts', () => {
  it('builds one function per job from functions/jobs/<handler>.ts, with its timeout and no HTTP route', () => {
    for (const [key, job] of jobs) {
      const { fn } = jobFunction(dev, key);
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(fn.Properties.Description).toMatch(new RegExp(`^Job ${key}: `));
      expect(fn.Properties.Timeout).toBe(job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
    }
    expect([...dev.stacks.api.jobFunctions.keys()].sort()).toEqual(jobs.map(([key]) => key).sort());
    dev.templates.api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length + 1);
  });

  it('gives each job the shared environment, exactly its declared tables and secrets, and never the origin-verify secret', () => {
    const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
    for (const [key, job] of jobs) {
      const { env, statements } = jobFunction(dev, key);
      for (const table of TABLE_KEYS) expect(env[TABLES[table].envVar]).toBe(`creator-llc-dev-${table}`);
      expect(env).toMatchObject({ DEPLOYMENT: 'aws', PAYMENT_MODE: 'live' });

      const dataStatements = statements.filter((s) => [s.Action].flat().some((a) => writeActions.includes(a) || a === 'dynamodb:GetItem'));
      for (const table of TABLE_KEYS) {
        const onTable = dataStatements.filter((s) => new RegExp(`:table/creator-llc-dev-${table}(/index/\\*)?"`).test(text(s.Resource)));
        const declared = (job.tables as Record<string, string>)[table];
        expect(onTable.length > 0, `${key} on ${table}`).toBe(Boolean(declared));
        const actions = onTable.flatMap((s) => [s.Action].flat());
        // `append` (the audit trail) is PutItem alone; `write` every write.
        const allowed = declared === 'write' ? writeActions : declared === 'append' ? ['dynamodb:PutItem'] : [];
        for (const write of writeActions) expect(actions.includes(write), `${key} ${write} on ${table}`).toBe(allowed.includes(write));
      }

      const declaredSecrets = new Set<string>(job.secrets ?? []);
      expect(statementsFor(statements, 'secretsmanager:')).toHaveLength(declaredSecrets.size);
      for (const secret of SECRET_KEYS) expect(`${SECRETS[secret].envVar}_ARN` in env, `${key} ${secret}`).toBe(declaredSecrets.has(secret));
      expect(statementsFor(statements, 's3:')).toEqual([]);
    }
  });

  it('feeds the outbox sender from the outbox stream: latest, batches of 10, bisecting, partial failures, bounded retries, a failure queue', () => {
    const streamJobs = jobs.filter(([, job]) => job.trigger.kind === 'stream');
    expect(streamJobs.map(([key]) => key)).toContain('outboxSender');
    for (const product of [dev, prod]) {
      const mappings = resources(product, 'api', 'AWS::Lambda::EventSourceMapping');
      expect(mappings).toHaveLength(streamJobs.length);
      for (const [key, job] of streamJobs) {
        if (job.trigger.kind !== 'stream') continue;
        const { table } = job.trigger;
        const { logicalId } = jobFunction(product, key);
        // Through the function's live alias, so npm run rollback also moves what the stream invokes.
        const alias = liveAliasOf(product.templates.api, logicalId);
        const [, mapping] =
          mappings.find(([, m]) => text(m.Properties.FunctionName).includes(`"${alias}"`) && text(m.Properties.FunctionName).includes(':live')) ?? [];
        expect(mapping, `${key} has an event source mapping`).toBeDefined();
        expect(mapping?.Properties).toMatchObject({
          StartingPosition: 'LATEST',
          BatchSize: STREAM_JOB_SOURCE.batchSize,
          BisectBatchOnFunctionError: true,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          MaximumRetryAttempts: STREAM_JOB_SOURCE.retryAttempts,
        });
        // The stream comes from the data stack (its ARN carries the stream's creation time).
        expect(text(mapping?.Properties.EventSourceArn)).toMatch(new RegExp(`ImportValue.*${tableConstructId(table)}.*StreamArn`));
        const destination = mapping?.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0] as string;
        const queue = product.templates.api.findResources('AWS::SQS::Queue')[destination] as TemplateResource | undefined;
        expect(queue?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
      }
    }
  });

  it('alarms when a stream job gives up on records (its failure queue is not empty)', () => {
    // The site publisher's failure queue has its own alarm (infra/operations.test.ts).
    const alarms = resources(prod, 'operations', 'AWS::CloudWatch::Alarm').filter(
      ([, a]) => a.Properties.Namespace === 'AWS/SQS' && !text(a.Properties.Dimensions).includes('SitePublisher'),
    );
    expect(alarms).toHaveLength(jobs.filter(([, job]) => job.trigger.kind === 'stream').length);
    for (const [, alarm] of alarms) {
      expect(alarm.Properties).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: expect.stringMatching(/^AlarmTopic/) }],
      });
      expect(text(alarm.Properties.Dimensions)).toMatch(/OutboxSenderJobFailures/);
    }
  });

  it('runs the sweep on an EventBridge schedule', () => {
    const scheduled = jobs.filter(([, job]) => job.trigger.kind === 'schedule');
    expect(scheduled.map(([key]) => key)).toContain('outboxSweep');
    for (const [key, job] of scheduled) {
      const minutes = job.trigger.kind === 'schedule' ? job.trigger.everyMinutes : 0;
      const { logicalId } = jobFunction(dev, key);
      dev.templates.api.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `rate(${minutes} minute${minutes === 1 ? '' : 's'})`,
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { Ref: liveAliasOf(dev.templates.api, logicalId) } })],
      });
      dev.templates.api.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'events.amazonaws.com',
        FunctionName: { Ref: liveAliasOf(dev.templates.api, logicalId) },
      });
    }
  });
});

describe('SES v2 sending', () => {
  it('verifies the emailFrom address, or with emailDomain the whole domain and prints its DKIM records', () => {
    prod.templates.api.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: EXAMPLE_API_DOMAIN_CONTEXT.emailFrom });
    prod.templates.api.hasOutput('EmailIdentity', Match.anyValue());
    expect(Object.keys(prod.templates.api.findOutputs('EmailDkimRecord*'))).toEqual([]);

    prodDomain.templates.api.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    for (const n of [1, 2, 3]) {
      prodDomain.templates.api.hasOutput(`EmailDkimRecord${n}`, {
        Value: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.objectLike({ 'Fn::GetAtt': Match.arrayWith([`DkimDNSTokenName${n}`]) })])] }),
      });
    }
  });

  it('sends through a configuration set that publishes bounces and complaints to the topic the feedback job reads, with reputation metrics', () => {
    for (const product of [dev, prod]) {
      const [[setId, set]] = resources(product, 'api', 'AWS::SES::ConfigurationSet');
      expect(set.Properties).toMatchObject({ ReputationOptions: { ReputationMetricsEnabled: true }, SendingOptions: { SendingEnabled: true } });
      const [[topicId]] = resources(product, 'api', 'AWS::SNS::Topic');
      product.templates.api.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
        ConfigurationSetName: { Ref: setId },
        EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topicId } } },
      });
      // SES may publish to the topic only for this configuration set.
      product.templates.api.hasResourceProperties('AWS::SNS::TopicPolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Principal: { Service: 'ses.amazonaws.com' },
              Action: 'sns:Publish',
              Condition: { StringEquals: Match.objectLike({ 'AWS:SourceArn': Match.anyValue() }) },
            }),
          ]),
        },
      });
      for (const [key] of jobs.filter(([, job]) => job.trigger.kind === 'email-feedback')) {
        product.templates.api.hasResourceProperties('AWS::SNS::Subscription', {
          Protocol: 'lambda',
          TopicArn: { Ref: topicId },
          Endpoint: { Ref: liveAliasOf(product.templates.api, jobFunction(product, key).logicalId) },
        });
      }
    }
    prod.templates.api.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') } },
    });
    prod.templates.api.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: configurationSetName('prod') });
  });

  it('lets only the jobs that send email call SES: SendEmail on the identity and configuration set, as emailFrom, never on *', () => {
    for (const product of [prod, prodDomain]) {
      const [[identityId]] = resources(product, 'api', 'AWS::SES::EmailIdentity');
      const [[setId]] = resources(product, 'api', 'AWS::SES::ConfigurationSet');
      const senders = new Set(jobs.filter(([, job]) => job.sendsEmail).map(([key]) => jobFunction(product, key).logicalId));
      expect(senders.size).toBeGreaterThan(0);
      for (const { logicalId, statements, env } of functionsWithPolicies(product.templates.api)) {
        const ses = statementsFor(statements, 'ses:');
        if (!senders.has(logicalId)) {
          expect(ses, `${logicalId} must not send email`).toEqual([]);
          expect(env).not.toHaveProperty('EMAIL_TRANSPORT');
          continue;
        }
        expect(ses).toHaveLength(1);
        const [statement] = ses;
        expect([statement.Action].flat()).toEqual([...SES_SEND_ACTIONS]);
        const resourcesText = [statement.Resource].flat().map(text);
        expect(resourcesText).toHaveLength(2);
        expect(resourcesText.some((r) => r.includes(':identity/') && r.includes(identityId))).toBe(true);
        expect(resourcesText.some((r) => r.includes(':configuration-set/') && r.includes(setId))).toBe(true);
        for (const r of resourcesText) expect(r).not.toContain('*');
        expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': EXAMPLE_API_DOMAIN_CONTEXT.emailFrom } });
        expect(env).toMatchObject({ EMAIL_TRANSPORT: 'ses', EMAIL_FROM: EXAMPLE_API_DOMAIN_CONTEXT.emailFrom, SES_CONFIGURATION_SET: { Ref: setId } });
        // The stage's SES quotas, which the sender keeps within (docs/decisions/0420).
        const quotas = parseStageConfig({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT });
        expect(env).toMatchObject({ EMAIL_MAX_PER_SECOND: String(quotas.emailMaxPerSecond), EMAIL_MAX_PER_DAY: String(quotas.emailMaxPerDay) });
      }
      // Nowhere else in the product either.
      for (const stack of ['data', 'secrets', 'web', 'operations'] as const) {
        for (const [, policy] of resources(product, stack, 'AWS::IAM::Policy')) expect(text(policy.Properties)).not.toContain('"ses:');
      }
    }
  });

  it('without emailFrom (dev only) creates no identity and lets nothing send', () => {
    dev.templates.api.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const { statements, env } of functionsWithPolicies(dev.templates.api)) {
      expect(statementsFor(statements, 'ses:')).toEqual([]);
      expect(env).not.toHaveProperty('EMAIL_FROM');
    }
  });

  it('refuses prod without a sender, and a domain that is not the sender’s, saying what to add', () => {
    const { emailFrom, ...withoutSender } = EXAMPLE_API_DOMAIN_CONTEXT;
    expect(emailFrom).toBe('orders@example.com');
    expect(() => parseStageConfig({ stage: 'prod', ...withoutSender })).toThrow(/emailFrom: prod sends email and needs its sender address: add -c emailFrom=/);
    expect(() => parseStageConfig({ stage: 'dev', emailFrom: 'orders@example.com', emailDomain: 'example.org' })).toThrow(
      /emailDomain: emailDomain must be the domain of emailFrom/,
    );
    expect(() => parseStageConfig({ stage: 'dev', emailDomain: 'example.com' })).toThrow(/emailDomain must be the domain of emailFrom/);
    expect(() => parseStageConfig({ stage: 'dev', emailFrom: 'Orders <orders@example.com>' })).toThrow(/emailFrom: must be a plain address/);
    expect(parseStageConfig({ stage: 'dev', emailFrom: 'orders@Example.com', emailDomain: 'example.com' }).emailDomain).toBe('example.com');
    expect(parseStageConfig({ stage: 'dev' }).emailFrom).toBeUndefined();
  });
});

describe('KMS key for sealed tax ids', () => {
  it('is one customer-managed key with rotation and the stage alias, kept in prod', () => {
    for (const [product, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const keys = resources(product, 'data', 'AWS::KMS::Key');
      expect(keys).toHaveLength(1);
      const [[keyId, key]] = keys;
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(key.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
      product.templates.data.hasResourceProperties('AWS::KMS::Alias', {
        AliasName: `alias/creator-llc/${stage}/pii`,
        TargetKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
      });
    }
    for (const product of [dev, prod]) {
      for (const stack of ['secrets', 'api', 'web', 'operations'] as const) product.templates[stack].resourceCountIs('AWS::KMS::Key', 0);
    }
  });

  it('is usable only by the functions whose route declares kms, with exactly the declared actions on that key', () => {
    const declaring = new Map(routes.filter((r) => r.kms).map((r) => [`${r.method} ${r.path}`, r.kms]));
    for (const product of [dev, prod]) {
      for (const { logicalId, fn, statements, env } of functionsWithPolicies(product.templates.api)) {
        const use = isJob(logicalId) ? undefined : declaring.get(fn.Properties.Description);
        const kms = statementsFor(statements, 'kms:');
        if (!use) {
          expect(kms, `${logicalId} must not use the key`).toEqual([]);
          expect(env).not.toHaveProperty('KMS_KEY_ID');
          continue;
        }
        expect(kms).toHaveLength(1);
        expect([kms[0].Action].flat().sort()).toEqual([...KMS_ACTIONS[use]].sort());
        expect(text(kms[0].Resource)).toMatch(/ImportValue.*PiiKey/);
        expect(text(env.KMS_KEY_ID)).toBe(text(kms[0].Resource));
      }
      for (const stack of ['secrets', 'web', 'operations'] as const) {
        for (const [, policy] of resources(product, stack, 'AWS::IAM::Policy')) expect(text(policy.Properties)).not.toContain('"kms:');
      }
    }
  });
});

describe('generated secrets', () => {
  it('generates linkSigningKey (64 letters and digits) like originVerify, so no operator types it', () => {
    expect(GENERATED_SECRET_KEYS).toEqual(expect.arrayContaining(['originVerify', 'linkSigningKey']));
    expect(OPERATOR_SECRET_KEYS).not.toContain('linkSigningKey');
    for (const key of GENERATED_SECRET_KEYS) expect(GENERATED_SECRETS[key], key).toBeDefined();
    for (const [product, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const secrets = resources(product, 'secrets', 'AWS::SecretsManager::Secret');
      const byName = (key: string) => secrets.find(([, s]) => s.Properties.Name === `creator-llc/${stage}/${key}`)?.[1];
      expect(byName('linkSigningKey')?.Properties).toMatchObject({
        GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
      });
      expect(byName('linkSigningKey')?.Properties).not.toHaveProperty('SecretString');
      expect(byName('originVerify')?.Properties.GenerateSecretString.PasswordLength).toBe(ORIGIN_VERIFY_LENGTH);
    }
  });
});
