import type { Address } from '#shared/filing/details.schema.ts';
import { writtenDate } from '#shared/written-date.ts';

/** An address on one line: "12 Main St, Suite 4, Miami, FL 33101". */
export function addressLine(a: Address): string {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter((p) => p?.trim()).join(', ');
}

/** An address as its printed lines. */
export function addressLines(a: Address): string[] {
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter((p): p is string => Boolean(p?.trim()));
}

export function sameAddress(a: Address, b: Address): boolean {
  return addressLine(a).toLowerCase() === addressLine(b).toLowerCase();
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthName(month: number): string {
  return MONTHS[month - 1] ?? String(month);
}

/**
 * "2026-08-12" (or a full ISO date-time, by its date part) as "August 12, 2026"; anything else
 * unchanged. The one formatter of written dates (shared/written-date.ts): no ISO date in a PDF.
 */
export function longDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? writtenDate(iso.slice(0, 10)) : iso;
}

/** A creation date for the PDF: the given ISO time, or the epoch when it cannot be read (output stays reproducible). */
export function pdfDate(iso: string): Date {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** US dollars: whole amounts without cents ("$125"), others with ("$138.75"). */
export function usd(amount: number): string {
  const cents = Math.round(amount * 100);
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** An ownership share: "60%", "33.33%". */
export function percent(n: number): string {
  return `${Number(n.toFixed(2))}%`;
}

/** An ASCII slug for file names; falls back when the name has no Latin letters or digits. */
export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s || fallback.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'document';
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
