import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from '#shared/staff/accounts.ts';
import type { PersonItem } from '../data/staff-accounts.ts';
import { writeTogether } from '../data/staff-accounts.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { QueryCommand, type TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { config } from '../lib/config.ts';
import { getSecret } from '../lib/secrets.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { formatRecoveryCode } from './recovery-codes.ts';

/**
 * One-time sign-in codes emailed to a staff account without a second factor, once the account's
 * budget of wrong passwords is spent (docs/decisions/0408-account-wide-password-budget.md): the
 * password is then checked only together with such a code. A code is 10 characters of the
 * recovery codes' alphabet (50 bits), written like them (`k3m9q-x7hta`).
 *
 * Nothing stores a working code: the staff table keeps the code's id (`SIGN-IN-CODE /
 * <person>#<id>`, until it expires), the outbox keeps the ids, and the code is the HMAC of the
 * ids with the link-signing key, made when the email is sent (like the invitation links). Every
 * unused code sent in the last CODE_MINUTES works, so a stranger asking for more emails never
 * voids the one the person is reading; a code works once. A new one is sent only while fewer than
 * LIVE_CODES_AT_MOST are unused: a stranger trying the password step over and over sends the
 * person a few emails, not one per try, and each code the person uses lets another be sent.
 */
export const CODE_MINUTES = 30;
export const LIVE_CODES_AT_MOST = 3;

const CODES = 'SIGN-IN-CODE';
const PURPOSE = 'staff-sign-in-code';

async function signingKey(): Promise<string> {
  const key = await getSecret('linkSigningKey');
  if (!key) throw new Error('LINK_SIGNING_KEY is not configured');
  return key;
}

/** The code of an id, as the email shows it (`k3m9q-x7hta`). */
export async function signInCodeFor(personId: string, codeId: string): Promise<string> {
  const mac = createHmac('sha256', await signingKey())
    .update(`${PURPOSE}.${personId}.${codeId}`)
    .digest();
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[mac[i] % RECOVERY_CODE_ALPHABET.length];
  return formatRecoveryCode(code);
}

interface LiveCode {
  sk: string;
  codeId: string;
  expiresAt: string;
}

async function liveCodes(personId: string, now = Date.now()): Promise<LiveCode[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('staff'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :person)',
      ExpressionAttributeValues: { ':pk': CODES, ':person': `${personId}#` },
      ConsistentRead: true,
    }),
  );
  return ((out.Items ?? []) as LiveCode[]).filter((c) => Date.parse(c.expiresAt) > now);
}

/** Whether a code of the person's is still good (the email is not sent after it expired). */
export async function signInCodeLive(personId: string, codeId: string): Promise<boolean> {
  return (await liveCodes(personId)).some((c) => c.codeId === codeId);
}

/**
 * Emails the person a new code, unless LIVE_CODES_AT_MOST of theirs are unused already (those
 * still work): the code's id and the email in one write.
 */
export async function sendSignInCode(person: Pick<PersonItem, 'id' | 'email' | 'name'>, now = Date.now()): Promise<void> {
  if ((await liveCodes(person.id, now)).length >= LIVE_CODES_AT_MOST) return;
  const codeId = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now + CODE_MINUTES * 60_000).toISOString();
  await writeTogether([
    {
      Put: {
        TableName: tableName('staff'),
        Item: { pk: CODES, sk: `${person.id}#${codeId}`, personId: person.id, codeId, expiresAt, ttl: Math.floor(now / 1000) + CODE_MINUTES * 60 + 60 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    outboxPut(
      {
        kind: 'staff_sign_in_code',
        to: person.email,
        dedupeKey: `sign-in-code:${codeId}`,
        payload: { personId: person.id, codeId, expiresAt, name: person.name },
      },
      now,
    ),
  ]);
}

/**
 * The Delete that spends the person's code `typed` (normalised by the request schema: lower case,
 * no dash), for the sign-in's transaction, on the condition that it is still there (two sign-ins
 * cannot both use it); undefined when no live code of the person's is that one.
 */
export async function matchSignInCode(personId: string, typed: string): Promise<TransactItem | undefined> {
  const given = Buffer.from(typed);
  let match: LiveCode | undefined;
  for (const code of await liveCodes(personId)) {
    const expected = Buffer.from((await signInCodeFor(personId, code.codeId)).replace('-', ''));
    if (expected.length === given.length && timingSafeEqual(expected, given)) match = code;
  }
  if (!match) return undefined;
  return { Delete: { TableName: tableName('staff'), Key: { pk: CODES, sk: match.sk }, ConditionExpression: 'attribute_exists(pk)' } };
}

/** The page the email's button opens. */
export const staffSignInLink = () => `${config().SITE_URL ?? 'http://127.0.0.1:3000'}/staff/login`;
