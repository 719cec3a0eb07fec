import { useId, useState } from 'react';
import { normaliseBusinessName, restrictedKeywordsNote } from '#shared/wizard/business-name.ts';
import { AVAILABILITY_EXPLANATION, type NameAvailability, type NameSuggestion } from '#shared/wizard/names.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { INPUT } from './fields.tsx';
import { checkNameAvailability, generateNames } from './wizard-api.ts';

export type AvailabilityNote = { tone: 'ok' | 'warn' | 'info'; text: string };

/** Keywords typed by the visitor, else the selected content types. */
export function keywordsFrom(input: string, contentTypes: readonly string[]): string[] {
  const typed = input
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return typed.length ? typed : [...contentTypes];
}

/**
 * The name-ideas helper: suggestions from keywords; picking one checks availability and hands the
 * name (with ' LLC') and the server's answer, or `failed` when it could not be asked, to `onSelect`.
 */
export function NameIdeas({
  contentTypes,
  state,
  onSelect,
}: {
  contentTypes: readonly string[];
  state: string;
  onSelect: (name: string, result: NameAvailability | 'failed') => void;
}) {
  const id = useId();
  const [keywords, setKeywords] = useState('');
  const [ideas, setIdeas] = useState<NameSuggestion[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  // A typed keyword the state restricts: the ideas leave it out, and say why (shared/wizard/business-name.ts).
  const [leftOut, setLeftOut] = useState<string | undefined>(undefined);

  const generate = async () => {
    setLoading(true);
    setError(null);
    try {
      const words = keywordsFrom(keywords, contentTypes).slice(0, 10);
      setIdeas(await generateNames(words, contentTypes[0] ?? 'lifestyle', state));
      setLeftOut(restrictedKeywordsNote(words, state));
    } catch (err) {
      setError(err instanceof ApiError ? (err.serverError ?? 'Could not generate ideas. Please try again.') : 'Could not generate ideas. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  const pick = async (name: string) => {
    setChecking(name);
    try {
      const result = await checkNameAvailability(normaliseBusinessName(name), state);
      onSelect(result.name, result);
    } catch {
      onSelect(normaliseBusinessName(name), 'failed');
    } finally {
      setChecking(null);
    }
  };

  return (
    <div className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <label htmlFor={`${id}-keywords`} className="block text-sm font-medium text-slate-800">
        Keywords (comma-separated)
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-keywords`}
          className={`${INPUT} mt-0`}
          placeholder={contentTypes.length ? `Leave blank to use: ${contentTypes.join(', ')}` : 'e.g. sunny, bites'}
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
        />
        <button
          type="button"
          onClick={generate}
          disabled={loading}
          className="shrink-0 rounded-xl bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {loading ? 'Generating…' : 'Generate names'}
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {ideas && (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-800">Click a name to check it and use it:</p>
          {leftOut ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="ideas-left-out">
              {leftOut}
            </p>
          ) : null}
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Name suggestions">
            {ideas.map((idea) => (
              <li key={idea.name}>
                <button
                  type="button"
                  onClick={() => pick(idea.name)}
                  disabled={checking !== null}
                  className="rounded-full border border-indigo-200 bg-white px-3.5 py-1.5 text-sm font-medium text-indigo-800 hover:border-indigo-400 hover:bg-indigo-50 disabled:opacity-60"
                >
                  {checking === idea.name ? 'Checking…' : idea.name}
                </button>
              </li>
            ))}
          </ul>
          {ideas.length === 0 && <p className="mt-2 text-sm text-slate-600">No ideas for those keywords; try others.</p>}
        </div>
      )}
      <p className="mt-4 text-xs leading-relaxed text-slate-600">{AVAILABILITY_EXPLANATION}</p>
    </div>
  );
}
