import { getJsonSecret } from '../lib/secrets.ts';
import { type AmazonPayCredentials, amazonPayCredentialsSchema } from './credentials.schema.ts';

export type { AmazonPayCredentials };

/** Amazon Pay merchant credentials from the secret; kept apart from the SDK so checking them is cheap. */
export async function amazonPayCredentials(): Promise<AmazonPayCredentials | undefined> {
  const parsed = amazonPayCredentialsSchema.safeParse(await getJsonSecret('amazonPay'));
  return parsed.success ? parsed.data : undefined;
}
