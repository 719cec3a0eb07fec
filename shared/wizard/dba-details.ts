import { checkDbaName, dbaOffer } from '../state-facts/dba.ts';
import { dbaCountySchema, dbaNameSchema } from './fields.schema.ts';

/**
 * What a DBA filing needs the customer to type: the creator name and, where a county clerk takes
 * the filing, the county. One rule for the wizard's step 3 (./steps.ts) and the DBA bought after
 * payment on the order page (docs/decisions/0433): each field's format is the shared schema's
 * (./fields.schema.ts), then what the filing state's DBA rules need.
 */

export interface DbaDetails {
  dbaName: string;
  dbaCounty: string;
}
export type DbaField = keyof DbaDetails;

/** What the name needs beyond its format: a name, and one the filing state lets us register. */
export function dbaNameProblem(name: string, state: string): string | undefined {
  if (!name.trim()) return 'Enter the creator name to register as a DBA';
  const check = checkDbaName(name, state);
  return check.ok ? undefined : check.reason;
}

/** What the county needs beyond its format: given where the state's DBA is filed with a county clerk. */
export function dbaCountyProblem(county: string, state: string): string | undefined {
  const offer = dbaOffer(state);
  if (offer?.kind !== 'county' || county.trim()) return undefined;
  return `Enter the county where your business is: ${offer.rule.name}'s ${offer.rule.term} is filed with its county clerk`;
}

/** The value as the schema stores it (trimmed, NFC), or the schema's first sentence about it. */
const parsed = (schema: typeof dbaNameSchema, value: string): { value: string; issue?: undefined } | { value?: undefined; issue: string } => {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { issue: result.error.issues[0]?.message ?? 'Check this field' };
};

export type DbaDetailsCheck = { ok: true; details: { dbaName: string; dbaCounty?: string } } | { ok: false; problems: Partial<Record<DbaField, string>> };

/**
 * The DBA's name and county as a filing in `state` takes them: the shared schemas' sentence for a
 * field they refuse, else what the filing needs; or the values as stored (the name without a
 * handle's "@", the county only where a county clerk takes the filing).
 */
export function checkDbaDetails(state: string, details: Partial<DbaDetails>): DbaDetailsCheck {
  const name = parsed(dbaNameSchema, details.dbaName ?? '');
  const county = parsed(dbaCountySchema, details.dbaCounty ?? '');
  const countyFiled = dbaOffer(state)?.kind === 'county';
  const problems: Partial<Record<DbaField, string>> = {};
  const nameProblem = name.issue ?? dbaNameProblem(name.value, state);
  if (nameProblem) problems.dbaName = nameProblem;
  const countyProblem = countyFiled ? (county.issue ?? dbaCountyProblem(county.value, state)) : undefined;
  if (countyProblem) problems.dbaCounty = countyProblem;
  if (nameProblem || countyProblem || name.value === undefined) return { ok: false, problems };
  return { ok: true, details: { dbaName: checkDbaName(name.value, state).name, ...(countyFiled && county.value ? { dbaCounty: county.value } : {}) } };
}

/** The fields the customer fills to buy a DBA in `state`, in the wizard's words (frontend/src/features/wizard/DbaOffer.tsx). */
export function dbaDetailFields(state: string): { field: DbaField; label: string; hint: string; placeholder?: string }[] {
  const offer = dbaOffer(state);
  return [
    { field: 'dbaName', label: 'Creator name to register', hint: 'Your handle or channel name, without the @.', placeholder: 'e.g. SunnyBites' },
    ...(offer?.kind === 'county'
      ? [
          {
            field: 'dbaCounty' as const,
            label: 'County where your business is',
            hint: `${offer.rule.name}'s ${offer.rule.term} is filed with the county clerk.`,
          },
        ]
      : []),
  ];
}
