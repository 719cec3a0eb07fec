import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) for the staff second factor, through otpauth: SHA-1,
 * 6 digits, 30-second steps, the parameters every authenticator app supports. A code is accepted
 * one step either side (clock drift), and each step at most once per person (the caller keeps the
 * last step used), so a code seen over a shoulder cannot be replayed.
 */
const ISSUER = 'CreatorLLC staff';
const PERIOD_SECONDS = 30;

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, base32) and what an authenticator app scans: the otpauth:// URI, also as an SVG QR code. */
export async function newTotpSecret(label: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, label).toString();
  // The QR encoder is needed only when a person enrols a second factor, never to sign in: imported here.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, uri, qrSvg };
}

/** The time step `code` belongs to (the current one, or one either side), or undefined when it is wrong. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(secret, 'check').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code for `now` (tests, and the e2e journey's stand-in for an authenticator app). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret, 'code').generate({ timestamp: now });
}
