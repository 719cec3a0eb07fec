export { applicationIdSchema } from '#shared/application-id.ts';
