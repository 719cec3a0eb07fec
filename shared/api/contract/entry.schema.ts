import { documentIdSchema } from '../../orders/documents.schema.ts';
import type { StaffPermission, StaffRole } from '../../staff/accounts.ts';
import * as z from '../../zod.ts';
import { type DocumentedError, rateLimited } from '../errors.schema.ts';
import { applicationIdSchema, recordIdSchema, stateCodeParamSchema } from '../params.schema.ts';
import type { SecretKey, TableKey } from '../resources.ts';
import type { HttpMethod } from '../routes.ts';

/**
 * What a contract entry is (RouteContract, described in ../contract.ts), and what the entries of
 * the route groups (./<group>.schema.ts) share: the per-address limits, the staff session read,
 * the document generators' size and the path parameters.
 */

export type SuccessStatus = 200 | 201 | 204;
export type ApiTag = 'Pricing' | 'Wizard' | 'Payments' | 'Orders' | 'Staff' | 'Support' | 'Content' | 'Meta';
export type Access = 'public' | 'staff';
export type Grant = 'read' | 'write' | 'append';

export interface RateLimit {
  bucket: string;
  perMinute: number;
}

type AnyObject = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

export interface RouteContract {
  /** Module under functions/handlers/ (without `.ts`) exporting `handler`. */
  handler: string;
  /** Stable operation name (OpenAPI operationId). */
  operationId: string;
  summary: string;
  description?: string;
  tag: ApiTag;
  access: Access;
  /**
   * Staff routes: the least role the signed-in person needs (shared/staff/accounts.ts: support <
   * processor < owner; owner-only when absent).
   */
  role?: StaffRole;
  /** Staff routes: a permission the owner can grant that also opens the route to a person below its role. */
  permission?: StaffPermission;
  /** Only the application's holder may call it (the resume secret header). */
  holder?: boolean;
  /** One schema per `{name}` of the path. */
  params?: AnyObject;
  /** Every parameter the route accepts; any other is a 400. */
  query?: AnyObject;
  body?: z.ZodMiniType;
  /** Success answers by status; `null`: no body (204). */
  responses: { 200?: z.ZodMiniType; 201?: z.ZodMiniType; 204?: null };
  /** The success answer's media type when it is not JSON (its schema then checks the body's text). */
  produces?: 'text/calendar';
  /** Error codes whose body has more than the common error body (by code). */
  errors?: Record<string, DocumentedError>;
  tables?: Partial<Record<TableKey, Grant>>;
  bucket?: Grant;
  secrets?: readonly SecretKey[];
  kms?: 'encrypt' | 'decrypt';
  rawBody?: boolean;
  rateLimit?: RateLimit;
  memoryMb?: number;
  timeoutSeconds?: number;
}

/** A route key as the contract spells it: `"METHOD /api/path"`. */
export type ContractKey = `${HttpMethod} /api/${string}`;

/** The entries of one route group: every one of them has the group's tag. */
export type RouteGroup<Tag extends ApiTag> = Record<ContractKey, RouteContract & { tag: Tag }>;

/**
 * Per-address limits of the anonymous write routes, in requests a minute from one address (an
 * IPv6 /64): the one place they are set. Far above what a visitor does, far below a flood.
 */
export const RATE_LIMITS = {
  /** POST /api/llc-applications: one draft per wizard started. */
  drafts: 20,
  /** PATCH /api/llc-applications/{id}: autosave 2 s after typing stops (at most 30 a minute), add-on toggles, submission. */
  applicationSaves: 120,
  /** Lead stages 1 and 2 together: one of each per wizard. */
  leads: 30,
  /** Name ideas and availability checks together. */
  businessNames: 60,
  /** The contact form (created tickets are also limited to 5 an hour: shared/staff/tickets.ts). */
  supportTickets: 10,
  /** Each payment route on its own: the checkout opens a session per method, and again for each new total. */
  paymentStarts: 20,
  /** Opening and accepting a staff invitation link, together. */
  staffInvitations: 20,
  /** Saving the order's filing details (each save is a whole form). */
  orderDetails: 30,
  /** Opening an emailed order link, and asking for a new one. */
  orderLinks: 10,
  /** One-click unsubscribes (mail providers send them from shared addresses). */
  unsubscribes: 120,
} as const;

/** The per-address limit of an anonymous write route (`rateLimit`). */
export const TOO_MANY_REQUESTS = rateLimited('Too many requests from this network');

// Every staff route reads the sessions table for the token check.
export const staffSession = { sessions: 'read' } as const;

/**
 * Routes that write the order's PDFs (functions/documents/): memory for fontkit and time for a
 * packet. Their bundles ship the fonts folder because they import it (infra/lambda-bundle.ts FUNCTION_ASSETS).
 */
export const DOCUMENT_GENERATION = { memoryMb: 1024, timeoutSeconds: 29 } as const;

export const idParam = z.strictObject({ id: applicationIdSchema });
export const recordParam = z.strictObject({ id: recordIdSchema });
export const stateCodeParam = z.strictObject({ stateCode: stateCodeParamSchema });
export const applicationIdParam = z.strictObject({ applicationId: applicationIdSchema });
export const orderDocumentParam = z.strictObject({ id: applicationIdSchema, documentId: documentIdSchema });
