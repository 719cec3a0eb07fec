import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KMSClient } from '@aws-sdk/client-kms';
import { kmsKeyId, localMasterKeyFile } from '../config.ts';

/**
 * Envelope encryption for the most sensitive values we hold (a responsible party's SSN/ITIN).
 * Each value gets its own AES-256-GCM data key; the data key is stored only wrapped by the
 * master key: a KMS key on AWS (KMS_KEY_ID), a 32-byte key file in the data folder locally
 * (LOCAL_MASTER_KEY_FILE). The encryption context binds a sealed value to its order, so a
 * value copied onto another order does not open.
 */
export interface SealedValue {
  /** Which master key wrapped the data key: 'kms' or 'local'. */
  wrap: 'kms' | 'local';
  /** Base64 of: the wrapped data key, the IV, the GCM tag, the ciphertext. */
  key: string;
  iv: string;
  tag: string;
  data: string;
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

let kms: KMSClient | undefined;
/** Imported on first use: only the functions that seal or open a tax id on AWS load the KMS client. */
function kmsSdk() {
  return import('../clients/kms-sdk.ts');
}

function localMasterKey(): Buffer {
  const file = localMasterKeyFile();
  if (!file) throw new Error('Neither KMS_KEY_ID nor LOCAL_MASTER_KEY_FILE is configured');
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error('LOCAL_MASTER_KEY_FILE must hold 32 bytes, base64');
  return key;
}

function gcm(key: Buffer, plain: Buffer, aad: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function ungcm(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** `context` names what the value belongs to (e.g. `application:<id>:ein`). */
export async function seal(plain: string, context: string): Promise<SealedValue> {
  let dataKey: Buffer;
  let wrapped: Buffer;
  let wrap: SealedValue['wrap'];
  const keyId = kmsKeyId();
  if (keyId) {
    const sdk = await kmsSdk();
    kms ??= new sdk.KMSClient({});
    const out = await kms.send(new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { purpose: context } }));
    dataKey = Buffer.from(out.Plaintext!);
    wrapped = Buffer.from(out.CiphertextBlob!);
    wrap = 'kms';
  } else {
    dataKey = randomBytes(32);
    const w = gcm(localMasterKey(), dataKey, context);
    wrapped = Buffer.concat([w.iv, w.tag, w.data]);
    wrap = 'local';
  }
  const sealed = gcm(dataKey, Buffer.from(plain, 'utf8'), context);
  dataKey.fill(0);
  return { wrap, key: b64(wrapped), iv: b64(sealed.iv), tag: b64(sealed.tag), data: b64(sealed.data) };
}

export async function unseal(value: SealedValue, context: string): Promise<string> {
  const wrapped = Buffer.from(value.key, 'base64');
  let dataKey: Buffer;
  if (value.wrap === 'kms') {
    const sdk = await kmsSdk();
    kms ??= new sdk.KMSClient({});
    const out = await kms.send(new sdk.DecryptCommand({ CiphertextBlob: wrapped, EncryptionContext: { purpose: context } }));
    dataKey = Buffer.from(out.Plaintext!);
  } else {
    dataKey = ungcm(localMasterKey(), wrapped.subarray(0, 12), wrapped.subarray(12, 28), wrapped.subarray(28), context);
  }
  try {
    return ungcm(dataKey, Buffer.from(value.iv, 'base64'), Buffer.from(value.tag, 'base64'), Buffer.from(value.data, 'base64'), context).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}
