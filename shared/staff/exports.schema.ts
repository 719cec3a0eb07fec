import { calendarDay } from '../common.schema.ts';
import * as z from '../zod.ts';
import { applicationListQuerySchema } from './applications.schema.ts';
import { PAYMENTS_EXPORT_MAX_DAYS } from './exports.ts';

const day = (label: string) => calendarDay(`Enter the ${label} date: month, day and year`);

/** POST /api/staff/exports: the orders of the list's filters, or the payments received between two days (inclusive, UTC). */
export const exportRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('orders'),
    filter: z.optional(z.omit(applicationListQuerySchema, { cursor: true, includeDrafts: true })),
  }),
  z.strictObject({ kind: z.literal('payments'), from: day('first'), to: day('last') }).check(
    z.refine((r) => r.from <= r.to, { message: 'The first date must not be after the last', path: ['to'] }),
    z.refine((r) => Date.parse(r.to) - Date.parse(r.from) <= PAYMENTS_EXPORT_MAX_DAYS * 86_400_000, {
      message: `Export at most ${PAYMENTS_EXPORT_MAX_DAYS} days at a time`,
      path: ['to'],
    }),
  ),
]);
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** The CSV file written: a 5-minute download link, its name and how many rows it holds. */
export const exportResultSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string(), rows: z.number() });
export type ExportResult = z.infer<typeof exportResultSchema>;
