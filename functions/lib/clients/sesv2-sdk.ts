/** The SES v2 SDK, imported on first use by the email sender on AWS (functions/email/transport.ts). */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
