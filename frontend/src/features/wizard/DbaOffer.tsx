import { useId } from 'react';
import { formatUsd } from '#shared/money.ts';
import { DBA_PROTECTION_LINE, dbaFeeSentence, dbaOffer, dbaPublicationSentence, dbaTermWithArticle } from '#shared/state-facts/dba.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import { fieldProblems } from '#shared/wizard/steps.ts';
import { useAddOnPrices } from './add-on-prices.ts';
import { WizardTextField } from './fields.tsx';

/**
 * Step 3's "Register my creator name as a DBA" (docs/product.md "DBA"): the filing state's own
 * rule from the dataset (who takes the filing, its fee, publication, what it protects), the
 * name, and the county where a county clerk takes it. Where the state keeps no register it says
 * there is nothing to file and offers nothing.
 */
export function DbaOffer({ data, update }: { data: WizardData; update: (patch: Partial<WizardData>) => void }) {
  const id = useId();
  const prices = useAddOnPrices();
  const offer = dbaOffer(data.state);
  if (!offer) return null;
  const problems = fieldProblems(3, data);
  const { rule } = offer;
  const publication = dbaPublicationSentence(rule);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4" data-testid="dba-offer">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Your creator name, registered as a DBA
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your LLC can do business under your handle or channel name. {rule.name} calls it {dbaTermWithArticle(rule)}. {dbaFeeSentence(offer)}
      </p>
      {offer.kind === 'none' ? (
        problems.dbaRegistration ? (
          <div className="mt-2">
            <p className="text-sm text-red-700">{problems.dbaRegistration}</p>
            <button type="button" className="mt-2 text-sm font-semibold text-indigo-700 underline" onClick={() => update({ dbaRegistration: false })}>
              Remove the DBA
            </button>
          </div>
        ) : null
      ) : (
        <>
          <label className="mt-3 flex items-start gap-3 text-slate-900">
            <input type="checkbox" className="mt-1" checked={data.dbaRegistration} onChange={(e) => update({ dbaRegistration: e.target.checked })} />
            <span>
              <span className="font-semibold">Register my creator name as a DBA</span>{' '}
              {prices ? <span className="text-slate-700">+{formatUsd(prices.dbaRegistration)} our fee</span> : null}
            </span>
          </label>
          {data.dbaRegistration && (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <WizardTextField
                field="dbaName"
                problem={problems.dbaName}
                id={`${id}-name`}
                label="Creator name to register"
                placeholder="e.g. SunnyBites"
                value={data.dbaName}
                onValue={(value) => update({ dbaName: value })}
                normalise={(value) => value.replace(/^@+/, '').trim()}
                hint="Your handle or channel name, without the @."
              />
              {offer.kind === 'county' && (
                <WizardTextField
                  field="dbaCounty"
                  problem={problems.dbaCounty}
                  id={`${id}-county`}
                  label="County where your business is"
                  value={data.dbaCounty}
                  onValue={(value) => update({ dbaCounty: value })}
                  hint={`${rule.name}'s ${rule.term} is filed with the county clerk.`}
                />
              )}
            </div>
          )}
          {publication && <p className="mt-3 text-sm text-slate-700">{publication}</p>}
        </>
      )}
      <p className="mt-3 text-sm text-slate-700">
        {DBA_PROTECTION_LINE} In {rule.name}: {rule.protectionNote}
      </p>
      <p className="mt-2 text-xs text-slate-600">
        Source: {rule.name}&rsquo;s rule ({rule.statuteCitation}), verified {rule.source.verifiedAt}, from the US LLC State Requirements Dataset (CC BY 4.0).
      </p>
    </section>
  );
}
