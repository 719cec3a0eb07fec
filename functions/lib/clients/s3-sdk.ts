import { createRequire } from 'node:module';

/** The S3 SDK, loaded as CommonJS for the same cold-start reason as ./dynamodb-sdk.ts. */
const require = createRequire(import.meta.url);
const client = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
const presigner = require('@aws-sdk/s3-request-presigner') as typeof import('@aws-sdk/s3-request-presigner');

export const { S3Client, GetObjectCommand, PutObjectCommand } = client;
export const { getSignedUrl } = presigner;

type Client = typeof import('@aws-sdk/client-s3');
export type S3Client = InstanceType<Client['S3Client']>;
export type GetObjectCommand = InstanceType<Client['GetObjectCommand']>;
export type PutObjectCommand = InstanceType<Client['PutObjectCommand']>;
