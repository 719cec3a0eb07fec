import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MAIL_PREFIX } from '../functions/email/inbound.ts';
import { INBOUND_MAIL_RETENTION_DAYS, receiptRuleSetName } from './inbound-email.ts';
import { jobConstructId } from './stacks/api-stack.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT, parseStageConfig } from './stage-config.ts';
import { functionsWithPolicies, liveAliasOf, type SynthesisedProduct, statementsFor, synthProduct, type TemplateResource } from './test-support.ts';

/**
 * SES receiving of replies (docs/decisions/0377): with an inbound domain, a receipt rule for it
 * stores each message in the inbound mail bucket and then invokes the reply job's live alias; the
 * job may read only those messages; the senders put the reply address in the emails. Without one,
 * none of it exists.
 */
let receiving: SynthesisedProduct;
let plain: SynthesisedProduct;

beforeAll(() => {
  receiving = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT, emailDomain: 'example.com', inboundEmailDomain: 'Reply.Example.com' });
  plain = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT });
}, 240_000);
afterAll(() => {
  receiving?.cleanup();
  plain?.cleanup();
});

const resources = (product: SynthesisedProduct, type: string) => Object.entries(product.templates.api.findResources(type)) as [string, TemplateResource][];
const job = (product: SynthesisedProduct, key: string) => {
  const found = functionsWithPolicies(product.templates.api).find((f) => new RegExp(`^${jobConstructId(key as never)}[0-9A-F]{8}$`).test(f.logicalId));
  if (!found) throw new Error(`no ${key} function`);
  return found;
};

describe('SES receiving of replies', () => {
  it('one rule for the inbound domain: scanned, TLS, stored under the prefix, then the reply job invoked asynchronously', () => {
    const [[, ruleSet]] = resources(receiving, 'AWS::SES::ReceiptRuleSet');
    expect(ruleSet.Properties.RuleSetName).toBe(receiptRuleSetName('prod'));
    const rules = resources(receiving, 'AWS::SES::ReceiptRule');
    expect(rules).toHaveLength(1);
    const rule = rules[0][1].Properties.Rule;
    expect(rule).toMatchObject({ Enabled: true, Recipients: ['reply.example.com'], ScanEnabled: true, TlsPolicy: 'Require' });
    const [store, invoke] = rule.Actions;
    expect(store.S3Action.ObjectKeyPrefix).toBe(INBOUND_MAIL_PREFIX);
    const [[bucketId, bucket]] = resources(receiving, 'AWS::S3::Bucket').filter(([id]) => id.startsWith('EmailReceivingBucket'));
    expect(store.S3Action.BucketName).toEqual({ Ref: bucketId });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Prefix: INBOUND_MAIL_PREFIX, ExpirationInDays: INBOUND_MAIL_RETENTION_DAYS, Status: 'Enabled' }),
    ]);
    const inbound = job(receiving, 'inboundEmail');
    expect(invoke.LambdaAction).toEqual({ FunctionArn: { Ref: liveAliasOf(receiving.templates.api, inbound.logicalId) }, InvocationType: 'Event' });
    // SES may invoke that alias, and store in that bucket.
    const permissions = resources(receiving, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'ses.amazonaws.com');
    expect(permissions.map(([, p]) => p.Properties.FunctionName)).toEqual([{ Ref: liveAliasOf(receiving.templates.api, inbound.logicalId) }]);
    const [[, policy]] = resources(receiving, 'AWS::S3::BucketPolicy').filter(
      ([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: bucketId }),
    );
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('ses.amazonaws.com');
  });

  it('the reply job reads only the stored messages and knows where; the senders put the reply address in the emails', () => {
    const inbound = job(receiving, 'inboundEmail');
    expect(inbound.env).toMatchObject({ INBOUND_EMAIL_DOMAIN: 'reply.example.com', INBOUND_MAIL_BUCKET: expect.anything() });
    const s3 = statementsFor(inbound.statements, 's3:');
    expect(s3).toHaveLength(1);
    expect(s3[0].Action).toBe('s3:GetObject');
    expect(JSON.stringify(s3[0].Resource)).toContain(`/${INBOUND_MAIL_PREFIX}*`);
    expect(job(receiving, 'outboxSender').env.INBOUND_EMAIL_DOMAIN).toBe('reply.example.com');
  });

  it('without an inbound domain: no rule, no bucket for it, nothing tells the senders a reply address', () => {
    expect(resources(plain, 'AWS::SES::ReceiptRuleSet')).toEqual([]);
    expect(resources(plain, 'AWS::SES::ReceiptRule')).toEqual([]);
    expect(job(plain, 'outboxSender').env.INBOUND_EMAIL_DOMAIN).toBeUndefined();
    expect(job(plain, 'inboundEmail').env.INBOUND_MAIL_BUCKET).toBeUndefined();
  });

  it('takes an inbound domain only under the verified emailDomain', () => {
    expect(() => parseStageConfig({ stage: 'dev', emailFrom: 'orders@example.com', inboundEmailDomain: 'reply.example.com' })).toThrow(
      /inboundEmailDomain must be emailDomain or a subdomain of it/,
    );
    expect(() =>
      parseStageConfig({ stage: 'dev', emailFrom: 'orders@example.com', emailDomain: 'example.com', inboundEmailDomain: 'reply.example.org' }),
    ).toThrow(/inboundEmailDomain must be emailDomain or a subdomain of it/);
    expect(
      parseStageConfig({ stage: 'dev', emailFrom: 'orders@example.com', emailDomain: 'example.com', inboundEmailDomain: 'reply.example.com' })
        .inboundEmailDomain,
    ).toBe('reply.example.com');
  });
});
