import { contactFormSchema } from '../staff/tickets.schema.ts';
import { wizardPatchSchema } from '../wizard/data.schema.ts';
import * as z from '../zod.ts';
import { API_ROUTE_KEYS, type ApiRouteKey, CONTRACT, isHolderRoute, type RouteContract } from './contract.ts';
import { COMMON_ERROR_CODES, type DocumentedError, errorBodySchema } from './errors.schema.ts';
import {
  activityItemSchema,
  applicationResponseSchema,
  contentItemSchema,
  dashboardStatsSchema,
  type openApiDocumentSchema,
  orderPriceSchema,
  paymentMethodsSchema,
  paymentStatusResponseSchema,
  priceLineSchema,
  publicApplicationSchema,
  staffApplicationSchema,
  statePricingSchema,
  supportTicketSchema,
} from './responses.schema.ts';
import { pathParamNames, RESUME_SECRET_HEADER, splitRouteKey } from './routes.ts';

/**
 * The OpenAPI 3.1 document of the API, generated from the contract with zod's own JSON Schema
 * output (no extra library). The GET /api/openapi.json handler builds it on its first request;
 * scripts/openapi.ts writes it to docs/openapi.json at build time.
 */

export const API_TITLE = 'CreatorLLC API';
export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

/** Schemas shown once under components.schemas and referenced everywhere they appear. */
const NAMED_SCHEMAS: [z.ZodMiniType, string][] = [
  [errorBodySchema, 'ErrorBody'],
  [statePricingSchema, 'StatePricing'],
  [priceLineSchema, 'PriceLine'],
  [orderPriceSchema, 'OrderPrice'],
  [publicApplicationSchema, 'PublicApplication'],
  [applicationResponseSchema, 'ApplicationResponse'],
  [paymentMethodsSchema, 'PaymentMethods'],
  [paymentStatusResponseSchema, 'PaymentStatus'],
  [activityItemSchema, 'ActivityItem'],
  [dashboardStatsSchema, 'DashboardStats'],
  [staffApplicationSchema, 'StaffApplication'],
  [supportTicketSchema, 'SupportTicket'],
  [contentItemSchema, 'ContentItem'],
  [wizardPatchSchema, 'WizardPatch'],
  [contactFormSchema, 'ContactForm'],
];

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad request',
  401: 'Authentication required',
  402: 'Payment failed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many requests',
  502: 'Payment provider error',
  503: 'Not configured or unavailable',
};

/** The document, as GET /api/openapi.json answers it. */
export type OpenApiDocument = z.output<typeof openApiDocumentSchema>;

export function openApiDocument(): OpenApiDocument {
  const components = new Components();
  const paths: Record<string, Record<string, Json>> = {};
  for (const key of API_ROUTE_KEYS) {
    const { method, path } = splitRouteKey(key);
    const route: RouteContract = CONTRACT[key];
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation(key, route, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description: [
        'The API behind the CreatorLLC site: pricing, the LLC wizard, checkout and payments, the contact form, site content and the staff back office.',
        'Every error answers `{ "error": "<sentence>", "code": "<stable snake_case code>", ...extras }`; clients branch on `code`.',
        `Codes any route may answer: ${Object.entries(COMMON_ERROR_CODES)
          .map(([code, meaning]) => `\`${code}\` (${meaning})`)
          .join('; ')}.`,
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(API_ROUTE_KEYS.map((k) => CONTRACT[k].tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        staffToken: { type: 'apiKey', in: 'header', name: 'staff-token', description: 'The token POST /api/staff/login returns' },
        resumeSecret: {
          type: 'apiKey',
          in: 'header',
          name: RESUME_SECRET_HEADER,
          description: 'The resume secret POST /api/llc-applications returned: only the application holder may read or change it',
        },
      },
    },
  };
}

function operation(key: ApiRouteKey, route: RouteContract, components: Components): Json {
  const { path } = splitRouteKey(key);
  const staffOnly = route.access === 'staff';
  const parameters: Json[] = [];
  for (const name of pathParamNames(path)) {
    const schema = route.params?.shape[name] as z.ZodMiniType | undefined;
    if (!schema) throw new Error(`${key}: no schema for path parameter {${name}}`);
    parameters.push({ name, in: 'path', required: true, schema: components.schema(schema, 'input') });
  }
  for (const [name, schema] of Object.entries(route.query?.shape ?? {}) as [string, z.ZodMiniType][]) {
    parameters.push({ name, in: 'query', required: !isOptional(schema), schema: components.schema(schema, 'input') });
  }

  const responses: Json = {};
  for (const [status, schema] of Object.entries(route.responses) as [string, z.ZodMiniType | null][]) {
    responses[status] = schema
      ? {
          description: STATUS_TEXT[Number(status)],
          content: route.produces ? { [route.produces]: { schema: components.schema(schema, 'output') } } : json(components.schema(schema, 'output')),
        }
      : { description: STATUS_TEXT[204] };
  }
  // Documented error codes, grouped by status; other codes of that status have the common body.
  const errorBody = components.schema(errorBodySchema, 'output');
  const byStatus = new Map<number, [string, DocumentedError][]>();
  for (const [code, error] of Object.entries(route.errors ?? {})) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), [code, error]]);
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = errors.map(([code, e]) => `\`${code}\`: ${e.description}.`).join(' ');
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}. ${codes} Other codes have the common error body.`,
      content: json({ anyOf: [...errors.map(([, e]) => components.schema(e.schema, 'output')), errorBody] }),
    };
  }
  if (staffOnly) responses['401'] ??= { description: STATUS_TEXT[401], content: json(errorBody) };
  responses.default = { description: 'Error', content: json(errorBody) };

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: !isOptional(route.body), content: json(components.schema(route.body, 'input')) } } : {}),
    responses,
    // Public routes say so with an empty requirement: an operation without one leaves it unsaid.
    security: staffOnly ? [{ staffToken: [] }] : isHolderRoute(key) ? [{ resumeSecret: [] }] : [],
  };
}

const json = (schema: Json) => ({ 'application/json': { schema } });

function isOptional(schema: z.ZodMiniType): boolean {
  return schema.safeParse(undefined).success;
}

/**
 * JSON Schemas of the document: named ones are hoisted into components.schemas (zod emits them
 * under `$defs`) and referenced. A name must mean one schema: requests are described as clients
 * send them (`io: input`), answers as the server sends them (`io: output`).
 */
class Components {
  private readonly named = new Map<string, Json>();
  private readonly registry = z.registry<{ id: string }>();

  constructor() {
    for (const [schema, id] of NAMED_SCHEMAS) this.registry.add(schema, { id });
  }

  schema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
    const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', metadata: this.registry, override: describeOutput(io) }) as Json;
    const { $schema: _dialect, $defs, ...rest } = out;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) this.add(id, rewriteRefs(def) as Json);
    return rewriteRefs(rest) as Json;
  }

  schemas(): Json {
    return Object.fromEntries([...this.named.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private add(id: string, def: Json) {
    const seen = this.named.get(id);
    if (seen && JSON.stringify(seen) !== JSON.stringify(def))
      throw new Error(`Schema ${id} is used both as a request and as an answer with different shapes: name them apart`);
    this.named.set(id, def);
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(v)]),
  );
}

type JsonSchemaOverride = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'];

/**
 * What zod cannot say by itself about an answer. A field checked then trimmed (shared/validation.schema.ts
 * `text`) is a pipe into a transform, whose output JSON Schema cannot know, so zod writes `{}`; the
 * transform keeps the type, so the answer is described by the pipe's input. A field of any JSON
 * value (z.unknown: the audit trail's before and after) is said to be one.
 */
function describeOutput(io: 'input' | 'output'): JsonSchemaOverride {
  return (ctx) => {
    if (Object.keys(ctx.jsonSchema).length > 0) return;
    const def = ctx.zodSchema._zod.def as { type: string; in?: z.ZodMiniType };
    if (io === 'output' && def.type === 'pipe' && def.in) {
      const { $schema: _dialect, ...described } = z.toJSONSchema(def.in, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Json;
      Object.assign(ctx.jsonSchema, described);
    } else if (def.type === 'unknown') ctx.jsonSchema.description = 'Any JSON value';
  };
}
