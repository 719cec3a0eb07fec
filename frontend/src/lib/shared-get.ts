import { useSyncExternalStore } from 'react';
import { getJson } from './api.ts';

/**
 * A small cache for the site's public GETs (states, state pricing, content texts): fetched once
 * per visit and shared by every component, with no retry, no refetch on focus and no expiry, like
 * the query client. It exists so the landing page's first view works without loading the query
 * library (the landing page has a 95 KB JavaScript budget); screens with mutations use the query
 * client.
 */
export interface SharedGet<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
}

interface Entry {
  snapshot: SharedGet<unknown>;
  listeners: Set<() => void>;
  started: boolean;
}

const entries = new Map<string, Entry>();
const IDLE: SharedGet<undefined> = { data: undefined, error: undefined, isPending: false, isError: false };

function entryFor(url: string): Entry {
  let e = entries.get(url);
  if (!e) {
    e = { snapshot: { data: undefined, error: undefined, isPending: true, isError: false }, listeners: new Set(), started: false };
    entries.set(url, e);
  }
  return e;
}

function publish(e: Entry, snapshot: SharedGet<unknown>) {
  e.snapshot = snapshot;
  for (const l of e.listeners) l();
}

function load(url: string, e: Entry) {
  e.started = true;
  getJson<unknown>(url).then(
    (data) => publish(e, { data, error: undefined, isPending: false, isError: false }),
    (error: unknown) => publish(e, { data: undefined, error, isPending: false, isError: true }),
  );
}

/**
 * Reads `url` (fetching it the first time any component asks); `null` asks for nothing.
 * `load: false` only watches: it shows the data once something else has loaded it.
 */
export function useSharedGet<T>(url: string | null, opts: { load?: boolean } = {}): SharedGet<T> {
  const subscribe = (listener: () => void) => {
    if (!url) return () => {};
    const e = entryFor(url);
    e.listeners.add(listener);
    if (!e.started && opts.load !== false) load(url, e);
    return () => e.listeners.delete(listener);
  };
  const snapshot = () => (url ? entryFor(url).snapshot : IDLE);
  return useSyncExternalStore(subscribe, snapshot, snapshot) as SharedGet<T>;
}

/**
 * The answer of `url` known before any request: what a prerendered page carries in its HTML
 * (frontend/src/lib/page-data.ts), so its first render, on the server and when the browser
 * hydrates it, shows the same data without fetching it.
 */
export function seedSharedGet(url: string, data: unknown): void {
  const e = entryFor(url);
  e.started = true;
  e.snapshot = { data, error: undefined, isPending: false, isError: false };
}

/** Fetches `url` again for everyone showing it (e.g. after staff edit the site's texts). */
export function refreshSharedGet(url: string): void {
  const e = entries.get(url);
  if (e) load(url, e);
}

/** Tests: forget everything between cases. */
export function resetSharedGets(): void {
  entries.clear();
}
