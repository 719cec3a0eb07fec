import * as z from '#shared/zod.ts';
import { getJsonSecret } from '../lib/secrets.ts';

/** Amazon Pay merchant credentials from the secret; kept apart from the SDK so checking them is cheap. */
const credentialsSchema = z.object({
  publicKeyId: z.string().check(z.minLength(1)),
  privateKey: z.string().check(z.minLength(1)),
  storeId: z.string().check(z.minLength(1)),
  merchantId: z.optional(z.string().check(z.minLength(1))),
  region: z._default(z.enum(['us', 'na', 'eu', 'de', 'uk', 'jp']), 'us'),
  sandbox: z._default(
    z.union([
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ]),
    false,
  ),
});
export type AmazonPayCredentials = z.infer<typeof credentialsSchema>;

export async function amazonPayCredentials(): Promise<AmazonPayCredentials | undefined> {
  const parsed = credentialsSchema.safeParse(await getJsonSecret('amazonPay'));
  return parsed.success ? parsed.data : undefined;
}
