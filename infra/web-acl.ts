import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The distribution's AWS WAF web ACL (scope CLOUDFRONT, so the stack lives in us-east-1). Rate
 * limits count requests per viewer IP over RATE_WINDOW_SECONDS; a blocked request gets 429 so
 * the SPA can say "try again in a few minutes". AWS's common and known-bad-inputs rule sets
 * screen every request.
 */

/** Evaluation window of every rate-based rule (WAF allows 60, 120, 300 or 600). */
export const RATE_WINDOW_SECONDS = 300;

/** Requests per viewer IP per window; WAF's lowest allowed limit is 10. */
export const RATE_LIMITS = {
  /** Every /api/* request: a wizard session makes a few dozen. */
  api: 1000,
  /** Anonymous writes (applications, leads, names, tickets, payments): each creates records or provider calls. */
  anonymousWrites: 100,
  /** Staff password guesses. The application throttles logins too; this stops floods before Lambda. */
  staffLogin: 10,
} as const;

/** Path prefixes of the routes anyone may write to (POST or PATCH); see functions/routes.ts. */
export const ANONYMOUS_WRITE_PATH_PREFIXES = [
  '/api/llc-applications',
  '/api/webhook/stage1',
  '/api/webhook/stage2',
  '/api/business-names/',
  '/api/support-tickets',
  '/api/create-payment-intent',
  '/api/klarna/',
  '/api/amazon-pay/',
  '/api/apple-pay/',
  '/api/test-payments/',
  '/api/orders/',
  '/api/order-lookups',
  '/api/reminders/',
  '/api/staff/invitations',
] as const;

export const STAFF_LOGIN_PATH = '/api/staff/login';

/**
 * Stripe signs its webhook and retries for days; the managed rule sets are not applied to it
 * because a false positive (event payloads are large and carry customer-typed text) would lose
 * a payment confirmation. The rate rules still apply.
 */
export const MANAGED_RULES_EXEMPT_PATH = '/api/webhook/stripe';

export const RULE_NAMES = {
  staffLogin: 'StaffLoginRateLimit',
  anonymousWrites: 'AnonymousWriteRateLimit',
  api: 'ApiRateLimit',
  knownBadInputs: 'AWSManagedRulesKnownBadInputsRuleSet',
  common: 'AWSManagedRulesCommonRuleSet',
} as const;

type Statement = CfnWebACL.StatementProperty;

// Percent-decoded and with `//`, `/./` and `/../` resolved, so an encoded path cannot slip past.
const PATH_TRANSFORMS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];

function pathMatch(searchString: string, positionalConstraint: 'STARTS_WITH' | 'EXACTLY'): Statement {
  return { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint, searchString, textTransformations: PATH_TRANSFORMS } };
}

function methodIs(method: string): Statement {
  return {
    byteMatchStatement: {
      fieldToMatch: { method: {} },
      positionalConstraint: 'EXACTLY',
      searchString: method,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

const TOO_MANY_REQUESTS: CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

function rateRule(name: string, priority: number, limit: number, scopeDownStatement: Statement): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: TOO_MANY_REQUESTS,
    statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement } },
    visibilityConfig: visibility(name),
  };
}

function managedRule(name: string, priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides,
        scopeDownStatement: { notStatement: { statement: pathMatch(MANAGED_RULES_EXEMPT_PATH, 'EXACTLY') } },
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** The rules in evaluation order: the cheap rate limits first, so a flood is stopped before inspection. */
export function webAclRules(): CfnWebACL.RuleProperty[] {
  const writeMethod: Statement = { orStatement: { statements: [methodIs('POST'), methodIs('PATCH')] } };
  const writePath: Statement = { orStatement: { statements: ANONYMOUS_WRITE_PATH_PREFIXES.map((p) => pathMatch(p, 'STARTS_WITH')) } };
  return [
    rateRule(RULE_NAMES.staffLogin, 0, RATE_LIMITS.staffLogin, { andStatement: { statements: [methodIs('POST'), pathMatch(STAFF_LOGIN_PATH, 'EXACTLY')] } }),
    rateRule(RULE_NAMES.anonymousWrites, 1, RATE_LIMITS.anonymousWrites, { andStatement: { statements: [writeMethod, writePath] } }),
    rateRule(RULE_NAMES.api, 2, RATE_LIMITS.api, pathMatch('/api/', 'STARTS_WITH')),
    managedRule(RULE_NAMES.knownBadInputs, 3),
    // The API refuses bodies over 64 KB itself; the rule set's 8 KB body cap would refuse legitimate
    // content edits, so that one rule only counts.
    managedRule(RULE_NAMES.common, 4, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
  ];
}

export interface SiteWebAclProps {
  stage: string;
}

/** The web ACL itself; attach it with the distribution's webAclId (its ARN). */
export class SiteWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SiteWebAclProps) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      // WAF descriptions allow no parentheses.
      description: `Creator LLC site, ${props.stage}: per-IP rate limits and AWS managed rule sets`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`creator-llc-${props.stage}-site`),
      rules: webAclRules(),
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}
