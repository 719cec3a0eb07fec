import { describe, expect, it } from 'vitest';
import { processingTimeSentence, timeZoneOfState, writtenDate } from './written-date.ts';

describe('dates customers read', () => {
  it('writes a calendar day as it is, and a moment as its day where the customer lives', () => {
    expect(writtenDate('2026-11-26')).toBe('November 26, 2026');
    expect(writtenDate('2026-12-01')).toBe('December 1, 2026');
    expect(writtenDate('2026-11-27T03:00:00.000Z')).toBe('November 27, 2026');
    expect(writtenDate('2026-11-27T03:00:00.000Z', timeZoneOfState('CA'))).toBe('November 26, 2026');
    expect(writtenDate('2026-11-27T03:00:00.000Z', timeZoneOfState('ny'))).toBe('November 26, 2026');
    expect(timeZoneOfState('')).toBeUndefined();
    expect(timeZoneOfState(undefined)).toBeUndefined();
  });

  it('puts a processing time from the data after a colon, and a state without one in a sentence of its own', () => {
    expect(processingTimeSentence('Wyoming', 'Up to 15 business days')).toBe("Wyoming's own published processing time: Up to 15 business days.");
    expect(processingTimeSentence('New York', 'New York publishes no standard processing time')).toBe('New York publishes no standard processing time.');
    expect(processingTimeSentence('Florida', 'No standard processing time published by Florida that we could find')).toBe(
      'No standard processing time published by Florida that we could find.',
    );
  });
});
