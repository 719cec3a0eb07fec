import { keepsOwnersOffRecord } from '#shared/filing/facts.ts';
import { formatUsd } from '#shared/money.ts';
import type { ThreeYearCost } from '#shared/state-facts/three-year-cost.ts';
import { stateName } from '#shared/states.ts';
import { filesAwayFromHome } from '#shared/wizard/filing-state.ts';
import { useThreeYearCost } from '../../components/ThreeYearCost.tsx';
import { CostBreakdownButton, CostDataCredit } from '../../components/ThreeYearCostView.tsx';

/** What forming in `state` gives that forming at `home` does not (docs/product.md "Wizard step 1"). */
export function whatItBuys(state: string, home: string): string[] {
  const out: string[] = [];
  if (keepsOwnersOffRecord(state) && !keepsOwnersOffRecord(home)) {
    out.push(`privacy: ${stateName(state)} keeps the owners' names off the public record, ${stateName(home)} does not`);
  }
  if (state === 'DE' && home !== 'DE') {
    out.push("courts: Delaware's Court of Chancery decides business disputes by judges expert in them, under a body of law investors know");
  }
  return out;
}

function Option({ title, cost, cheaper, testId }: { title: string; cost: ThreeYearCost; cheaper: boolean; testId: string }) {
  return (
    <div
      className={`flex min-w-0 flex-col rounded-xl border bg-white p-2.5 sm:p-4 ${cheaper ? 'border-emerald-400 ring-1 ring-emerald-400' : 'border-slate-200'}`}
      data-testid={testId}
    >
      <p className="text-[13px] leading-snug font-semibold hyphens-auto text-slate-900 sm:text-sm">{title}</p>
      <p className="mt-2 text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">{formatUsd(cost.total)}</p>
      <p className="text-xs text-slate-600">over three years</p>
      {cheaper ? <p className="mt-1 text-xs font-semibold text-emerald-700">Cheaper</p> : null}
      <p className="mt-auto pt-2 text-xs">
        <CostBreakdownButton cost={cost} label="Breakdown" />
      </p>
    </div>
  );
}

/**
 * The home-state truth: when the LLC would be filed outside the state the visitor lives in, both
 * options side by side with their three-year totals, which one is cheaper and by how much, and
 * what the other buys. An LLC run from home usually has to register in the home state too.
 */
export function HomeStateComparison({ home, state, onFormAtHome }: { home: string; state: string; onFormAtHome?: () => void }) {
  const atHome = useThreeYearCost(home);
  const away = useThreeYearCost(state, home);
  if (!filesAwayFromHome(home, state) || !atHome || !away) return null;
  const homeName = stateName(home);
  const name = stateName(state);
  const difference = Math.abs(away.total - atHome.total);
  const buys = whatItBuys(state, home);
  const unresearched = away.notes.find((n) => n.startsWith('We have not yet researched'));
  const plainly =
    atHome.total < away.total
      ? `Forming in ${homeName} costs ${formatUsd(difference)} less over three years.`
      : atHome.total > away.total
        ? `Forming in ${name} and registering in ${homeName} costs ${formatUsd(difference)} less over three years.`
        : 'Both cost the same over three years.';
  return (
    <section
      aria-labelledby="home-state-comparison"
      className="mt-6 rounded-2xl border border-slate-300 bg-slate-50 p-3 sm:p-5"
      data-testid="home-state-comparison"
    >
      <h2 id="home-state-comparison" className="text-base font-semibold text-slate-900">
        You live in {homeName}: compare before you choose
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An LLC formed in {name} but run from your home in {homeName} usually has to register in {homeName} as well, and pay its yearly fees and taxes there,
        with a registered agent in both states.
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:gap-3">
        <Option title={`Form in ${homeName}`} cost={atHome} cheaper={atHome.total < away.total} testId="option-home" />
        <Option title={`Form in ${name} + register in ${homeName}`} cost={away} cheaper={away.total < atHome.total} testId="option-away" />
      </div>
      <p className="mt-4 text-sm font-semibold text-slate-900" data-testid="comparison-verdict">
        {plainly}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {buys.length
          ? `What forming in ${name} buys: ${buys.join('; ')}.`
          : `Forming in ${name} buys neither more privacy nor a specialised business court than ${homeName}.`}
      </p>
      {unresearched ? <p className="mt-1 text-sm text-amber-800">{unresearched}.</p> : null}
      {onFormAtHome ? (
        <button type="button" onClick={onFormAtHome} className="mt-3 text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline">
          Form in {homeName} instead
        </button>
      ) : null}
      <CostDataCredit className="mt-3 text-xs text-slate-600" />
    </section>
  );
}
