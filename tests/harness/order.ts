import { vi } from 'vitest';
import type { OrderView } from '#shared/orders/view.schema.ts';

/**
 * The customer's order as the order page and its filing details form see it, and a fetch
 * stand-in answering the API from a table the test fills: for the order page's component tests.
 */

export const ORDER_ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
/** The resume secret of the browser that placed the order. */
export const RESUME_SECRET = 'secret-of-this-browser-abcdefghijk';

/** A paid Florida order whose filing details are due. */
export function orderView(over: Partial<OrderView> = {}, details: Partial<OrderView['details']> = {}): OrderView {
  return {
    id: ORDER_ID,
    businessName: 'Maya Makes LLC',
    state: 'FL',
    stateName: 'Florida',
    status: 'submitted',
    paymentStatus: 'paid',
    email: 'maya@example.com',
    timeline: [
      { step: 'paid', label: 'Payment received', done: true, current: false, at: '2026-11-20T10:00:00.000Z' },
      { step: 'details', label: 'Filing details complete', done: false, current: true },
      { step: 'processing', label: 'Filing with the state', done: false, current: false },
      { step: 'filed', label: 'Filed by the state', done: false, current: false },
      { step: 'completed', label: 'Completed: documents ready', done: false, current: false },
    ],
    receipt: {
      lines: [
        { label: 'Florida filing fee', amount: 125 },
        { label: 'Service fee', amount: 150 },
      ],
      total: 275,
      provider: 'test card',
      paidAt: '2026-11-20T10:00:00.000Z',
    },
    details: { ein: false, complete: false, editable: true, taxIdOnFile: false, ownersOffRecord: false, value: null, ...details },
    nextSteps: ['Complete the filing details below: Florida needs them on your formation document, and we cannot file without them.'],
    processingTime: '5-7 business days',
    documents: [],
    deliverables: [],
    version: 3,
    ...over,
  };
}

/** The operator acts as registered agent in Florida only (its office there). */
export const OPERATOR = {
  legalName: 'Creator Filings LLC',
  address: null,
  supportEmail: null,
  supportPhone: null,
  registeredAgentRenewalUsd: null,
  refundTerms: null,
  liveChatUrl: null,
  socialLinks: {},
  registeredAgentOffices: [{ line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' }],
  version: 1,
};

export type Reply = { status: number; body?: unknown };
/** What the fake API answers, by "METHOD /path": a reply, or a function of the request making one. */
export type Replies = Record<string, Reply | ((init: RequestInit) => Reply)>;
export interface ApiCall {
  key: string;
  init: RequestInit;
}

/**
 * Replaces fetch with one answering from `replies` (404 for anything else), recording every
 * call in `calls`. Undo with vi.unstubAllGlobals().
 */
export function stubApi(replies: Replies): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, init });
      const found = replies[key];
      const reply = typeof found === 'function' ? found(init) : found;
      if (!reply) return new Response(JSON.stringify({ error: 'Not found', code: 'not_found' }), { status: 404 });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

/** A request header the call carried. */
export const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string> | undefined)?.[name];
