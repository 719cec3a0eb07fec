import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Which address a request comes from, behind CloudFront. The API's socket address is then a
 * CloudFront edge, shared by every viewer of that edge, so per-address limits need the viewer's
 * address from `CloudFront-Viewer-Address`. Anyone can send that header straight to the API,
 * so it is believed only when the request also carries the origin-verify value CloudFront adds
 * to every `/api/*` origin request (infra/stacks/web-stack.ts). Without a configured value
 * (local runs, tests) the socket address is the answer.
 */

/** Origin custom header CloudFront adds on `/api/*`; a viewer's own copy is not forwarded. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** `ip:port` of the viewer, forwarded by the `/api/*` origin request policy. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

export type RequestHeaders = Readonly<Record<string, string | undefined>> | null | undefined;

/** A header by name, whatever case the caller's header map uses. */
function header(headers: RequestHeaders, name: string): string | undefined {
  if (!headers) return undefined;
  const direct = headers[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

// The expected secret is the same for every request of a process: its bytes are made once.
let expectedBytes: { secret: string; bytes: Buffer } | undefined;

/**
 * Constant-time equality over the expected value's length. A value of another length is refused
 * at once: that tells a caller only the length, which is no secret (a generated value of
 * ORIGIN_VERIFY_LENGTH characters, infra/stacks/secrets-stack.ts). Hashing both sides first would
 * hide it too, at a SHA-256 per request (docs/decisions/0184).
 */
function sameSecret(given: string, expected: string): boolean {
  if (expectedBytes?.secret !== expected) expectedBytes = { secret: expected, bytes: Buffer.from(expected, 'utf8') };
  const bytes = Buffer.from(given, 'utf8');
  return bytes.length === expectedBytes.bytes.length && timingSafeEqual(bytes, expectedBytes.bytes);
}

/**
 * True when the request carries the origin-verify value CloudFront was deployed with. False when
 * no value is configured (nothing to compare against) or the header is missing or wrong.
 */
export function isOriginVerified(headers: RequestHeaders, expected: string | undefined): boolean {
  if (!expected) return false;
  const given = header(headers, ORIGIN_VERIFY_HEADER);
  if (given === undefined) return false;
  return sameSecret(given.trim(), expected);
}

/**
 * The IP part of a `CloudFront-Viewer-Address` value, or undefined when it is not one.
 * CloudFront writes IPv4 as `198.51.100.10:46532` and IPv6 unbracketed with the port last
 * (`2001:db8::1:46532`); the bracketed socket form `[2001:db8::1]:443` is accepted too.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  if (bracketed) return isIP(bracketed[1]) === 6 && validPort(bracketed[2]) ? bracketed[1] : undefined;
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const ip = text.slice(0, colon);
  const port = text.slice(colon + 1);
  return isIP(ip) !== 0 && validPort(port) ? ip : undefined;
}

function validPort(port: string): boolean {
  if (!/^\d{1,5}$/.test(port)) return false;
  return Number(port) <= 65_535;
}

/** What a request's headers prove about where it came from: checked once per request. */
export interface EdgeOrigin {
  /** It carried the origin-verify value CloudFront was deployed with. */
  verified: boolean;
  /**
   * The address to apply per-address limits to: the viewer's, when the request provably came
   * through CloudFront and the header holds a valid address; otherwise the socket address.
   */
  viewerIp: string;
}

export function edgeOrigin(headers: RequestHeaders, sourceIp: string, expectedVerifySecret: string | undefined): EdgeOrigin {
  const verified = isOriginVerified(headers, expectedVerifySecret);
  return { verified, viewerIp: (verified && parseViewerAddress(header(headers, VIEWER_ADDRESS_HEADER))) || sourceIp };
}

/** The viewer's address (EdgeOrigin.viewerIp). */
export function viewerAddress(headers: RequestHeaders, sourceIp: string, expectedVerifySecret: string | undefined): string {
  return edgeOrigin(headers, sourceIp, expectedVerifySecret).viewerIp;
}
