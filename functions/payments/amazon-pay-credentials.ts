import * as z from 'zod';
import { getJsonSecret } from '../lib/secrets.ts';

/** Amazon Pay merchant credentials from the secret; kept apart from the SDK so checking them is cheap. */
const credentialsSchema = z.object({
  publicKeyId: z.string().min(1),
  privateKey: z.string().min(1),
  storeId: z.string().min(1),
  merchantId: z.string().min(1).optional(),
  region: z.enum(['us', 'na', 'eu', 'de', 'uk', 'jp']).default('us'),
  sandbox: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
});
export type AmazonPayCredentials = z.infer<typeof credentialsSchema>;

export async function amazonPayCredentials(): Promise<AmazonPayCredentials | undefined> {
  const parsed = credentialsSchema.safeParse(await getJsonSecret('amazonPay'));
  return parsed.success ? parsed.data : undefined;
}

