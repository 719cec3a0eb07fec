import type { STSClientConfig } from '@aws-sdk/client-sts';

/**
 * Who the AWS credentials of this shell are, asked before a command builds or changes anything
 * (`npm run deploy`, `npm run preflight`, `npm run rollback`, `npm run restore`;
 * docs/decisions/0407-deploy-fails-fast.md). Without credentials the SDK's provider chain fails
 * on this machine, before any request is sent, and the command stops with one sentence saying
 * what to do instead of the SDK's "Could not load credentials from any providers" (or, for the
 * deploy, ten minutes of building first).
 */

/** What a command without credentials prints, and all it prints. */
export const NO_CREDENTIALS = 'No AWS credentials: set AWS_PROFILE or run `aws configure` / `aws sso login`, then run this again.';
/** What to do for a check that needs AWS when there are no credentials (npm run preflight). */
export const SET_CREDENTIALS = "Set AWS credentials for the stage's account (AWS_PROFILE, `aws configure` or `aws sso login`), then run this again.";

/** How long the whole identity check may take, the request to STS included, before it gives up. */
export const IDENTITY_TIMEOUT_MS = 20_000;

/** The caller of STS GetCallerIdentity (the SDK's STSClient in use; a fake in the tests). */
export interface StsApi {
  callerIdentity(): Promise<{ account?: string; arn?: string }>;
}

export interface AwsIdentity {
  account: string;
  arn: string;
  region: string;
}

/** A failed identity check: its message is the one sentence the command prints. */
export class AwsAccessError extends Error {
  override name = 'AwsAccessError';
}

/**
 * The SDK behind StsApi. `credentials` replaces the default provider chain (environment, shared
 * config and SSO files, then the container or instance role); the tests pass a provider of their own.
 */
export async function sdkSts(region: string, credentials?: STSClientConfig['credentials']): Promise<StsApi> {
  const { STSClient, GetCallerIdentityCommand } = await import('@aws-sdk/client-sts');
  const client = new STSClient({
    region,
    ...(credentials ? { credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
  });
  return {
    async callerIdentity() {
      // The credentials are resolved before the request is built: none found fails here, locally.
      const out = await client.send(new GetCallerIdentityCommand({}));
      return { account: out.Account, arn: out.Arn };
    },
  };
}

const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH']);

/** The one sentence for an error of the credential chain or of STS. */
export function describeAccessError(err: unknown, region: string): string {
  const e = err as Error & { code?: string; Code?: string };
  const name = e?.name ?? '';
  const message = e?.message ?? String(err);
  if (name === 'CredentialsProviderError' || /could not load credentials/i.test(message)) return NO_CREDENTIALS;
  if (/expired/i.test(name) || /expired/i.test(message) || name === 'TokenProviderError')
    return 'The AWS credentials have expired: run `aws sso login` (or renew the keys of AWS_PROFILE), then run this again.';
  if (['InvalidClientTokenId', 'SignatureDoesNotMatch', 'UnrecognizedClientException', 'AccessDenied', 'AccessDeniedException'].includes(name))
    return `AWS refused these credentials (${name}): check AWS_PROFILE or the access key in use, then run this again.`;
  const code = e?.code ?? e?.Code ?? '';
  if (name === 'TimeoutError' || NETWORK_CODES.has(code) || NETWORK_CODES.has(name))
    return `AWS STS in ${region} could not be reached (${code || name}): check the network or proxy, then run this again.`;
  return `The AWS credentials could not be checked (${name || 'Error'}: ${message.replace(/\s+/g, ' ').replace(/\.$/, '')}): fix that, then run this again.`;
}

/**
 * The account and identity of the credentials, checked against STS in `region`; any failure is
 * an AwsAccessError whose message is one sentence saying what to do.
 */
export async function awsIdentity(sts: StsApi, region: string, timeoutMs = IDENTITY_TIMEOUT_MS): Promise<AwsIdentity> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AwsAccessError(`AWS STS in ${region} did not answer within ${Math.round(timeoutMs / 1000)} s: check the network or proxy, then run this again.`),
        ),
      timeoutMs,
    );
  });
  try {
    const who = await Promise.race([sts.callerIdentity(), timeout]);
    if (!who.account) throw new AwsAccessError(`AWS STS in ${region} named no account for these credentials: check AWS_PROFILE, then run this again.`);
    return { account: who.account, arn: who.arn ?? '(unknown identity)', region };
  } catch (err) {
    if (err instanceof AwsAccessError) throw err;
    throw new AwsAccessError(describeAccessError(err, region));
  } finally {
    clearTimeout(timer);
  }
}

/** One line naming who a command acts as. */
export function describeIdentity(identity: AwsIdentity): string {
  return `AWS account ${identity.account} as ${identity.arn}, region ${identity.region}`;
}
