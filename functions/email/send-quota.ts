import { loadEmailQuotas } from '../lib/config.ts';
import { consumeRateLimit } from '../lib/rate-limits.ts';

/**
 * SES's sending quotas (the stage config's emailMaxPerSecond and emailMaxPerDay), kept across
 * every sender at once: the outbox stream's instances and the sweep take a slot from one counter
 * per second and one per UTC day in the rateLimits table (a conditional UpdateItem each, fixed
 * windows on the clock: functions/lib/rate-limits.ts). A send that finds the second full waits
 * for the next second; one that finds the day full waits for tomorrow. Unset quotas (locally)
 * pace nothing. docs/decisions/0420-email-sending-rate.md.
 */
export type SendSlot = { allowed: true } | { allowed: false; quota: 'second' | 'day'; until: number };

const DAY_MS = 86_400_000;

export async function takeSendSlot(now: number): Promise<SendSlot> {
  const { EMAIL_MAX_PER_SECOND: perSecond, EMAIL_MAX_PER_DAY: perDay } = loadEmailQuotas();
  if (perSecond) {
    const second = await consumeRateLimit('email-send:second', perSecond, 1, now);
    if (!second.allowed) return { allowed: false, quota: 'second', until: Math.floor(now / 1000) * 1000 + 1000 };
  }
  if (perDay) {
    const day = await consumeRateLimit('email-send:day', perDay, 86_400, now);
    if (!day.allowed) return { allowed: false, quota: 'day', until: Math.floor(now / DAY_MS) * DAY_MS + DAY_MS };
  }
  return { allowed: true };
}
