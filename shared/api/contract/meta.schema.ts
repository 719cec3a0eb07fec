import { openApiDocumentSchema } from '../responses.schema.ts';
import { operatorSettingsViewSchema } from '../staff-responses.schema.ts';
import type { RouteGroup } from './entry.schema.ts';

/** About the API and the operator: the operator's public settings, and this API's own description (generated from the contract). */
export const META_ROUTES = {
  'GET /api/operator-settings': {
    handler: 'operator/settings',
    operationId: 'getOperatorSettings',
    summary: 'The operator’s legal name, address, support contacts, registered-agent renewal price, refund terms and links (null: not set)',
    tag: 'Meta',
    access: 'public',
    responses: { 200: operatorSettingsViewSchema },
    tables: { operatorSettings: 'read' },
  },
  'GET /api/openapi.json': {
    handler: 'openapi/get',
    operationId: 'getOpenApiDocument',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Meta',
    access: 'public',
    responses: { 200: openApiDocumentSchema },
  },
} as const satisfies RouteGroup<'Meta'>;
