import { ourAddressAllowed, ourOrganizerAllowed, PUBLIC_RECORD_SOURCE, publicRecordSentences } from '#shared/filing/privacy.ts';
import { ourPrivacyFiling } from '#shared/operator/facts.ts';
import { stateName } from '#shared/states.ts';
import { useOperatorSettings } from '../../lib/operator.ts';

/**
 * Step 1's answer to "privacy": exactly what will be public in the chosen state, from the state
 * data (shared/filing/privacy.ts), with our address and organizer where the data allows them and
 * the operator has set them (the filing details offer them after payment, ticked for a customer
 * who chose privacy). Loaded on first use, like the home-state comparison.
 */
export function PublicRecord({ state }: { state: string }) {
  const operator = useOperatorSettings();
  const ours = ourAddressAllowed(state) ? ourPrivacyFiling(operator) : undefined;
  const sentences = publicRecordSentences(state, { ourAddress: Boolean(ours), ourOrganizer: Boolean(ours) && ourOrganizerAllowed(state) });
  return (
    <section
      aria-labelledby="public-record-heading"
      className="mt-4 rounded-2xl border border-slate-300 bg-white p-4 text-sm text-slate-700"
      data-testid="public-record"
    >
      <h2 id="public-record-heading" className="font-semibold text-slate-900">
        What will be public in {stateName(state)}
      </h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      {ours ? (
        <p className="mt-2">Our address and organizer are included in the formation price: you confirm them with the filing details after payment.</p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">Source: {PUBLIC_RECORD_SOURCE}.</p>
    </section>
  );
}
