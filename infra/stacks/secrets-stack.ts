import { RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { SECRET_KEYS, SECRETS, type SecretKey } from '../../functions/secrets-catalog.ts';
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

/**
 * One Secrets Manager secret per entry of functions/secrets-catalog.ts. Values never live in
 * code or templates: the stack creates placeholders, the operator sets them afterwards.
 */
export class SecretsStack extends Stack {
  readonly secrets: Record<SecretKey, Secret>;

  constructor(scope: Construct, id: string, props: SecretsStackProps) {
    super(scope, id, props);
    const prod = props.config.stage === 'prod';
    this.secrets = {} as Record<SecretKey, Secret>;
    for (const key of SECRET_KEYS) {
      const secret = new Secret(this, `${key[0].toUpperCase()}${key.slice(1)}Secret`, {
        secretName: secretName(props.config.stage, key),
        description: `${SECRETS[key].description}. Set with: npm run secrets:set -- --stage ${props.config.stage} --only ${key}`,
        // A fixed placeholder, not a credential: the real value is stored out of band.
        secretStringValue: SecretValue.unsafePlainText(SECRET_PLACEHOLDER_VALUE),
        removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        'Provider credentials (Stripe, Klarna, Amazon Pay, Apple Pay, CRM) and the staff password are issued outside AWS; no rotation Lambda can mint them, so they are rotated in the provider dashboard and stored with npm run secrets:set.',
      );
      this.secrets[key] = secret;
    }
  }
}
