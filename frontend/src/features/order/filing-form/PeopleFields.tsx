import { MAX_MEMBERS } from '#shared/filing/facts.ts';
import { Button } from '../../../components/Button.tsx';
import { emptyPerson, ownershipTotal, type PersonDraft } from './draft.ts';
import { fieldId, useFieldState } from './field-state.ts';
import { AddressFields, FieldError, SameAsOrganizer, TextField } from './fields.tsx';

const formatPercent = (hundredths: number) => `${hundredths / 100}%`;

/**
 * The members (with ownership percents and a live total) or the managers of the LLC: add and
 * remove people, each with a name and an address (the principal office unless unticked).
 */
export function PeopleFields({
  kind,
  people,
  onPeople,
  filingState,
  organizerName = '',
  askContribution = false,
}: {
  kind: 'members' | 'managers';
  people: PersonDraft[];
  onPeople: (people: PersonDraft[]) => void;
  filingState: string;
  /** Members may be "the same as the organizer" (the name not typed again). */
  organizerName?: string;
  /** With the operating agreement: each member's initial contribution (its Schedule A). */
  askContribution?: boolean;
}) {
  const fields = useFieldState();
  fields.claim(kind);
  const noun = kind === 'members' ? 'member' : 'manager';
  const Noun = kind === 'members' ? 'Member' : 'Manager';
  const listError = fields.error(kind);
  const total = ownershipTotal(people);
  const totalId = `${fieldId(kind)}-total`;
  const nameShown = (p: PersonDraft) => (p.sameAsOrganizer ? organizerName : p.name).trim();
  const set = (i: number, patch: Partial<PersonDraft>) => onPeople(people.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {people.map((person, i) => {
          const base = `${kind}.${i}`;
          return (
            <li key={i} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <fieldset className="min-w-0" aria-labelledby={`${fieldId(base)}-title`}>
                <div className="flex items-center justify-between gap-3">
                  <h4 id={`${fieldId(base)}-title`} className="text-sm font-semibold text-slate-900">
                    {Noun} {i + 1}
                  </h4>
                  {people.length > (kind === 'members' ? 1 : 0) ? (
                    <Button
                      variant="ghost"
                      className="!px-2 !py-1"
                      aria-label={`Remove ${noun} ${i + 1}${nameShown(person) ? ` (${nameShown(person)})` : ''}`}
                      onClick={() => {
                        onPeople(people.filter((_, j) => j !== i));
                        fields.changed(kind);
                      }}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
                <div className={`mt-2 grid gap-3 ${kind === 'members' ? 'sm:grid-cols-[minmax(0,1fr)_9rem]' : ''}`}>
                  {kind === 'members' ? (
                    <SameAsOrganizer
                      path={`${base}.name`}
                      organizerName={organizerName}
                      checked={person.sameAsOrganizer}
                      onChecked={(sameAsOrganizer) => set(i, { sameAsOrganizer })}
                    >
                      <TextField path={`${base}.name`} label="Full name" value={person.name} onValue={(name) => set(i, { name })} autoComplete="off" />
                    </SameAsOrganizer>
                  ) : (
                    <TextField path={`${base}.name`} label="Full name" value={person.name} onValue={(name) => set(i, { name })} autoComplete="off" />
                  )}
                  {kind === 'members' ? (
                    <div>
                      <TextField
                        path={`${base}.ownershipPercent`}
                        label="Ownership %"
                        value={person.ownershipPercent}
                        onValue={(ownershipPercent) => {
                          set(i, { ownershipPercent });
                          fields.changed(kind);
                        }}
                        inputMode="decimal"
                        invalidBy={listError ? totalId : undefined}
                      />
                    </div>
                  ) : null}
                </div>
                {kind === 'members' && askContribution ? (
                  <div className="mt-3">
                    <TextField
                      path={`${base}.contribution`}
                      label="Initial contribution (optional)"
                      hint='What this member puts in at the start, for Schedule A of the operating agreement: for example "$500 cash" or "camera and lights".'
                      value={person.contribution}
                      onValue={(contribution) => set(i, { contribution })}
                      maxLength={200}
                    />
                  </div>
                ) : null}
                <div className="mt-3">
                  <AddressFields
                    path={`${base}.address`}
                    legend="Address"
                    value={person.address}
                    onValue={(address) => set(i, { address })}
                    sameAs={{
                      label: 'Same as the principal office',
                      checked: person.sameAsOffice,
                      onChecked: (sameAsOffice) => set(i, { sameAsOffice }),
                    }}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={people.length >= MAX_MEMBERS}
          onClick={() => {
            onPeople([...people, emptyPerson(filingState, '')]);
            fields.changed(kind);
          }}
        >
          Add a {noun}
        </Button>
        {kind === 'members' ? (
          <p className={`text-sm font-medium ${total === 10_000 ? 'text-emerald-800' : 'text-slate-800'}`} aria-live="polite" data-testid="ownership-total">
            Total ownership: {formatPercent(total)} of 100%
          </p>
        ) : null}
      </div>
      <FieldError id={kind === 'members' ? totalId : `${fieldId(kind)}-error`}>{listError}</FieldError>
    </div>
  );
}
