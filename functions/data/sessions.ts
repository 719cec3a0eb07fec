import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';

/** Staff tokens are stored only as their SHA-256 (base64url). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** True when the token belongs to an unexpired staff session. */
export async function verifyStaffSession(token: string): Promise<boolean> {
  if (token.length < 16 || token.length > 256) return false;
  const out = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(token) } }));
  const expiresAt = out.Item?.expiresAt;
  return typeof expiresAt === 'string' && Date.parse(expiresAt) > Date.now();
}
