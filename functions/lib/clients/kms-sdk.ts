/** The KMS SDK, imported on first use by the functions that seal or open tax ids (functions/lib/crypto/sealed.ts). */
export { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
