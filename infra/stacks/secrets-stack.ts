import { RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GENERATED_SECRET_KEYS, SECRET_KEYS, SECRETS, type SecretKey } from '../../functions/secrets-catalog.ts';
import { acknowledge } from '../nag.ts';
import { type StageConfig, secretName } from '../stage-config.ts';

/**
 * The value every secret is created with. functions/lib/secrets.ts treats it as "not
 * configured", so a provider stays switched off until `npm run secrets:set` stores the real value.
 */
export const SECRET_PLACEHOLDER_VALUE = 'NOT_CONFIGURED';

export interface SecretsStackProps extends StackProps {
  config: StageConfig;
}

/** Length of the generated origin-verify value (letters and digits only: it travels as a header). */
export const ORIGIN_VERIFY_LENGTH = 48;

interface GeneratedSecretSpec {
  /** Letters and digits: both values travel in headers or as an HMAC key string, never escaped. */
  length: number;
  /** Appended to the catalog description. */
  note: string;
  /** Why no rotation Lambda replaces it (cdk-nag AwsSolutions-SMG4). */
  noRotation: string;
}

/** How each secret in GENERATED_SECRET_KEYS is made; a generated key without an entry stops the synth. */
export const GENERATED_SECRETS: Partial<Record<SecretKey, GeneratedSecretSpec>> = {
  originVerify: {
    length: ORIGIN_VERIFY_LENGTH,
    note: 'CloudFront reads it when the Web stack deploys; see docs/deploy.md before changing it',
    noRotation:
      'CloudFront copies this value into the distribution when the Web stack deploys; a rotation Lambda would change the secret without updating the distribution, so every /api/* request would stop verifying. It is replaced by the documented procedure instead.',
  },
  linkSigningKey: {
    // About 380 bits of letters and digits, more than the 256 of the SHA-256 HMAC it keys.
    length: 64,
    note: 'Generated at deploy; replacing it voids every order link already emailed (see docs/deploy.md)',
    noRotation:
      'Order links already emailed carry an HMAC under this key for 14 days; a scheduled rotation would silently void them. It is replaced only by the documented procedure, when it has leaked.',
  },
};

/**
 * One Secrets Manager secret per entry of functions/secrets-catalog.ts. Values never live in
 * code or templates: the stack creates placeholders, the operator sets them afterwards. The
 * generated ones (GENERATED_SECRET_KEYS: originVerify, linkSigningKey) get a random value from
 * Secrets Manager at creation instead.
 */
export class SecretsStack extends Stack {
  readonly secrets: Record<SecretKey, Secret>;

  constructor(scope: Construct, id: string, props: SecretsStackProps) {
    super(scope, id, props);
    const prod = props.config.stage === 'prod';
    this.secrets = {} as Record<SecretKey, Secret>;
    for (const key of SECRET_KEYS) {
      const generated = GENERATED_SECRET_KEYS.includes(key) ? GENERATED_SECRETS[key] : undefined;
      if (GENERATED_SECRET_KEYS.includes(key) && !generated)
        throw new Error(`Generated secret ${key} needs an entry in GENERATED_SECRETS (infra/stacks/secrets-stack.ts)`);
      const secret = new Secret(this, `${key[0].toUpperCase()}${key.slice(1)}Secret`, {
        secretName: secretName(props.config.stage, key),
        description: generated
          ? `${SECRETS[key].description}. ${generated.note}`
          : `${SECRETS[key].description}. Set with: npm run secrets:set -- --stage ${props.config.stage} --only ${key}`,
        ...(generated
          ? { generateSecretString: { passwordLength: generated.length, excludePunctuation: true, includeSpace: false } }
          : // A fixed placeholder, not a credential: the real value is stored out of band.
            { secretStringValue: SecretValue.unsafePlainText(SECRET_PLACEHOLDER_VALUE) }),
        removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        generated
          ? generated.noRotation
          : 'Provider credentials (Stripe, Klarna, Amazon Pay, Apple Pay, CRM) and the staff password are issued outside AWS; no rotation Lambda can mint them, so they are rotated in the provider dashboard and stored with npm run secrets:set.',
      );
      this.secrets[key] = secret;
    }
  }
}
