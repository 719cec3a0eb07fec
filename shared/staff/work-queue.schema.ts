import { int } from '../common.schema.ts';
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
  /** How many orders the stage holds, exactly (a stage's first page; a next page leaves it out). */
  count: z.optional(int()),
});

export const workQueueSchema = z.object({ sections: z.array(workQueueSectionSchema) });

/** POST /api/staff/applications/{id}/details-chase: nothing to say, the order is in the path. */
export const detailsChaseSchema = z.strictObject({});
export type WorkQueue = z.infer<typeof workQueueSchema>;
