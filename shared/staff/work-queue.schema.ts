import * as z from '../zod.ts';
import { staffApplicationSchema } from './applications.schema.ts';
import { QUEUE_STAGES } from './work-queue.ts';

/** GET /api/staff/queue: every work stage's first page, or one stage (`stage`) from `cursor`. */
export const workQueueQuerySchema = z
  .strictObject({
    stage: z.optional(z.enum(QUEUE_STAGES as [string, ...string[]], { error: `Stage must be one of ${QUEUE_STAGES.join(', ')}` })),
    cursor: z.optional(z.string().check(z.maxLength(2000))),
  })
  .check(z.refine((q) => !q.cursor || Boolean(q.stage), { message: 'A cursor continues one stage: give its stage too', path: ['cursor'] }));
export type WorkQueueQuery = z.infer<typeof workQueueQuerySchema>;

/** One stage of the queue, oldest first, and where it continues (null: no more). */
export const workQueueSectionSchema = z.object({
  stage: z.string(),
  items: z.array(staffApplicationSchema),
  nextCursor: z.nullable(z.string()),
});

export const workQueueSchema = z.object({ sections: z.array(workQueueSectionSchema) });
export type WorkQueue = z.infer<typeof workQueueSchema>;
