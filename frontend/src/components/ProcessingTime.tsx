import { tierService } from '#shared/state-facts/expedite.ts';
import { expediteOffer, standardTime } from '../lib/processing.ts';

/**
 * A state's processing time as every page shows it: the state's own figure (or the sentence that
 * it publishes none) and the date it was checked. With `expedited`, the state's expedite tier
 * where it sells one. The same words on the pricing card, the wizard banner, the review, the
 * checkout summary and the success page.
 */
export function ProcessingTime({
  code,
  expedited = false,
  className,
  testId = 'processing-time',
}: {
  code: string;
  expedited?: boolean;
  className?: string;
  testId?: string;
}) {
  const standard = standardTime(code);
  if (!standard) return null;
  const offer = expedited ? expediteOffer(code) : undefined;
  const fee = offer?.available ? offer.fee : undefined;
  return (
    <span className={className} data-testid={testId}>
      {fee ? (
        <>
          <strong className="font-semibold">{fee.turnaround ? fee.turnaround.replace(/\.$/, '') : 'Faster than standard'}</strong> with the state's{' '}
          {tierService(fee.tier)} (standard: {standard.text}, <span className="whitespace-nowrap">{standard.checked}</span>)
        </>
      ) : (
        <>
          <strong className="font-semibold">{standard.text}</strong> ({standard.published ? 'as published by the state, ' : ''}
          <span className="whitespace-nowrap">{standard.checked}</span>)
        </>
      )}
    </span>
  );
}
