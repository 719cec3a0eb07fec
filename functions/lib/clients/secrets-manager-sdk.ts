/**
 * The Secrets Manager SDK, imported on first use only (functions/lib/secrets.ts): locally the
 * secrets come from the environment, and on AWS a function reads its secrets once per container.
 */
export { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
