import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { formatUsd } from '#shared/money.ts';
import type { FactSource } from '#shared/state-facts/facts.ts';
import { stateName } from '#shared/states.ts';
import { formatIsoDate } from '../lib/processing.ts';
import { StateDataCredit } from './StateDataCredit.tsx';

/**
 * The three-year cost shown (docs/product.md "The true cost"): the line under a price, the itemised
 * breakdown in a dialog and the credit, from figures computed elsewhere. No state data here: the
 * pages that compute the cost in the browser (ThreeYearCost.tsx) and the checkout, which asks the
 * API for its one state's figures (GET /api/state-costs/{stateCode}), both draw with it.
 */

/** What the view needs of a three-year cost: the shared cost function's result, or the API's answer. */
export interface ThreeYearFigures {
  state: string;
  /** The owner's home state; the filing state when none was given. */
  residence: string;
  lines: readonly { label: string; amount: number; year: 1 | 2 | 3; source: FactSource }[];
  /** The sum of the lines' amounts. */
  total: number;
  notes: readonly string[];
  /** What the total leaves out, a few words each: said beside the figure. */
  notCounted?: readonly string[];
}

/** The credit line under every three-year figure. */
export function CostDataCredit({ className = 'text-xs text-slate-600' }: { className?: string }) {
  return (
    <StateDataCredit
      className={className}
      what="State fees, taxes and foreign registration fees"
      caution="Fees change: check with the state before relying on a figure."
    />
  );
}

function SourceLink({ source }: { source: FactSource }) {
  const checked = `checked ${formatIsoDate(source.verifiedAt)}`;
  if (source.url.startsWith('/')) {
    return (
      <>
        <Link to={source.url} className="underline underline-offset-2">
          {source.name}
        </Link>
        , {checked}
      </>
    );
  }
  return (
    <>
      <a href={source.url} className="underline underline-offset-2" rel="noopener noreferrer">
        {source.name}
      </a>
      , {checked}
    </>
  );
}

/** The itemised lines, year by year, with their sources, the notes and the total. */
export function CostBreakdown({ cost }: { cost: ThreeYearFigures }) {
  return (
    <div className="text-sm text-slate-800">
      {([1, 2, 3] as const).map((year) => {
        const lines = cost.lines.filter((l) => l.year === year);
        return (
          <section key={year} className="mt-4 first:mt-0">
            <h3 className="font-semibold text-slate-900">
              Year {year}: {formatUsd(lines.reduce((sum, l) => sum + l.amount, 0))}
            </h3>
            <ul className="mt-2 space-y-2">
              {lines.map((line, i) => (
                <li key={`${line.year}-${line.label}-${i}`} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0">
                    {line.label}
                    <span className="block text-xs text-slate-600">
                      <SourceLink source={line.source} />
                    </span>
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">{formatUsd(line.amount)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-3 text-base font-semibold text-slate-900">
        <span>Three years in all</span>
        <span className="tabular-nums" data-testid="breakdown-total">
          {formatUsd(cost.total)}
        </span>
      </p>
      {cost.notCounted?.length ? (
        <p className="mt-3 text-xs text-slate-700">
          <span className="font-semibold">Not counted:</span> {cost.notCounted.join('; ')}.
        </p>
      ) : null}
      {cost.notes.length ? (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-slate-700">
          {cost.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <CostDataCredit className="mt-3 text-xs text-slate-600" />
    </div>
  );
}

/** "See the breakdown": a button opening the itemised three-year cost in a modal dialog. */
export function CostBreakdownButton({ cost, label = 'See the breakdown', className }: { cost: ThreeYearFigures; label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, [open]);
  const where = cost.residence === cost.state ? stateName(cost.state) : `${stateName(cost.state)}, for a ${stateName(cost.residence)} resident`;
  return (
    <>
      <button
        type="button"
        className={className ?? 'font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-800'}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      {/* In the body, not beside the button: the button sits in running text (a <p>), where a dialog is not allowed. */}
      {open
        ? createPortal(
            <dialog
              ref={dialog}
              aria-labelledby={titleId}
              onClose={() => setOpen(false)}
              className="m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-xl overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/50"
            >
              <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
                <h2 id={titleId} className="text-lg font-bold text-slate-900">
                  Three-year cost: {where}
                </h2>
                <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label="Close">
                  <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>
              <div className="px-5 py-4">
                <CostBreakdown cost={cost} />
              </div>
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}

/**
 * The three-year line under a price (the review step, the checkout): the all-in total of the first
 * three years and the link to its breakdown. Without `cost` (still loading) it keeps its place:
 * the same text with the total and the button held, so nothing moves when the figures arrive.
 */
/** What the total counts of our registered agent: read from its lines, so it says what was priced (only where we have an office). */
function agentText(cost: ThreeYearFigures | undefined): string {
  if (!cost) return '';
  const ours = cost.lines.filter((l) => l.label.startsWith('Registered agent'));
  const renewal = ours.find((l) => l.amount > 0);
  if (renewal) return `, and our registered agent at ${formatUsd(renewal.amount)} a year after the free first year`;
  if (ours.length) return ", and our registered agent's free first year";
  return ', and no registered agent of ours: you name your own';
}

/** The add-ons the figure counts (an order's, at the checkout): "the add-ons in this order". */
function addOnText(cost: ThreeYearFigures | undefined): string {
  return cost?.lines.some((l) => l.label.endsWith('(in this order)')) ? ', everything else in this order' : '';
}

export function ThreeYearCostLineView({
  state,
  residence,
  cost,
  className = '',
}: {
  state: string;
  residence?: string;
  cost?: ThreeYearFigures;
  className?: string;
}) {
  const home = residence || state;
  return (
    <div className={`rounded-xl bg-white/70 px-3 py-2 text-sm text-slate-700 ${className}`} data-testid="three-year-cost" aria-busy={cost ? undefined : true}>
      <p>
        First three years, all in:{' '}
        {cost ? (
          <strong className="font-semibold text-slate-900 tabular-nums">{formatUsd(cost.total)}</strong>
        ) : (
          <span className="inline-block h-4 w-14 animate-pulse rounded bg-slate-200 align-middle" />
        )}
        {home !== state ? ` (with what ${stateName(home)} asks of an LLC formed elsewhere)` : ''}.
      </p>
      {cost?.notCounted?.length ? (
        <p className="mt-0.5 text-xs text-slate-700" data-testid="three-year-not-counted">
          Not counted: {cost.notCounted.join('; ')}.
        </p>
      ) : null}
      <p className="mt-0.5 text-xs text-slate-600">
        State fees and taxes, our fees{addOnText(cost)}
        {agentText(cost)}. {cost ? <CostBreakdownButton cost={cost} /> : <span className="font-semibold text-slate-600">See the breakdown</span>}
      </p>
    </div>
  );
}
