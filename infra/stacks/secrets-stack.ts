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

/**
 * One Secrets Manager secret per entry of functions/secrets-catalog.ts. Values never live in
 * code or templates: the stack creates placeholders, the operator sets them afterwards. The
 * generated ones (originVerify) get a random value from Secrets Manager at creation instead.
 */
export class SecretsStack extends Stack {
  readonly secrets: Record<SecretKey, Secret>;

  constructor(scope: Construct, id: string, props: SecretsStackProps) {
    super(scope, id, props);
    const prod = props.config.stage === 'prod';
    this.secrets = {} as Record<SecretKey, Secret>;
    for (const key of SECRET_KEYS) {
      const generated = GENERATED_SECRET_KEYS.includes(key);
      const secret = new Secret(this, `${key[0].toUpperCase()}${key.slice(1)}Secret`, {
        secretName: secretName(props.config.stage, key),
        description: generated
          ? `${SECRETS[key].description}. CloudFront reads it when the Web stack deploys; see docs/deploy.md before changing it`
          : `${SECRETS[key].description}. Set with: npm run secrets:set -- --stage ${props.config.stage} --only ${key}`,
        ...(generated
          ? { generateSecretString: { passwordLength: ORIGIN_VERIFY_LENGTH, excludePunctuation: true, includeSpace: false } }
          : // A fixed placeholder, not a credential: the real value is stored out of band.
            { secretStringValue: SecretValue.unsafePlainText(SECRET_PLACEHOLDER_VALUE) }),
        removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        generated
          ? 'CloudFront copies this value into the distribution when the Web stack deploys; a rotation Lambda would change the secret without updating the distribution, so every /api/* request would stop verifying. It is replaced by the documented procedure instead.'
          : 'Provider credentials (Stripe, Klarna, Amazon Pay, Apple Pay, CRM) and the staff password are issued outside AWS; no rotation Lambda can mint them, so they are rotated in the provider dashboard and stored with npm run secrets:set.',
      );
      this.secrets[key] = secret;
    }
  }
}
