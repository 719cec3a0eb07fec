import { type FormEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { REGISTERED_AGENT_OPTIONAL } from '#shared/compliance/rules.ts';
import { type FilingDetailsInput, SIGNATURE_CONSENT } from '#shared/filing/details.schema.ts';
import { OWNER_ANONYMITY_SOURCE } from '#shared/filing/facts.ts';
import { ourAddressAllowed, ourOrganizerAllowed, PUBLIC_RECORD_SOURCE, publicRecordSentences } from '#shared/filing/privacy.ts';
import { formatUsd } from '#shared/money.ts';
import { formatAddress, offersOurAgent, ourPrivacyFiling, registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { Button } from '../../../components/Button.tsx';
import { afterPointerRelease } from '../../../lib/after-pointer-release.ts';
import { ApiError, failureMessage } from '../../../lib/api.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { useOperatorSettings } from '../../../lib/operator.ts';
import { CompanyAccountsFields } from './CompanyAccountsFields.tsx';
import { type DetailsDraft, emptyPerson, type FieldErrors, type FormContext, initialDraft, validateDraft } from './draft.ts';
import { EinFields } from './EinFields.tsx';
import { coveredBy, type FieldState, FieldStateContext, unclaimedSentences } from './field-state.ts';
import { AddressFields, CheckboxField, LEGEND, RadioGroup, SameAsOrganizer, TextAreaField, TextField } from './fields.tsx';
import { PeopleFields } from './PeopleFields.tsx';

function Section({ children }: { children: React.ReactNode }) {
  return <div className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">{children}</div>;
}

/** The server's 400 `details` (dotted field path -> sentences), when the answer has them. */
function serverDetails(err: unknown): FieldErrors | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  const details = err.body?.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return undefined;
  const out: FieldErrors = {};
  for (const [path, sentences] of Object.entries(details as Record<string, unknown>))
    if (Array.isArray(sentences)) out[path] = sentences.filter((s): s is string => typeof s === 'string');
  return out;
}

/** Drops the server's sentences about a path, its parts and the groups it belongs to: the customer changed it. */
function withoutPath(errors: FieldErrors, path: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [p, s] of Object.entries(errors)) if (!(coveredBy(p, [path]) || coveredBy(path, [p]))) out[p] = s;
  return out;
}

/**
 * The filing details a state's formation document needs (docs/product.md section 10), checked
 * with the order's own schema as the customer types: a sentence shows beside a field once it is
 * left or on Save, the server's 400 sentences land on the same fields, and Save moves the focus
 * to the first field that needs attention.
 */
/**
 * The email and phone the filing uses, as the wizard took them: not asked again (docs/product.md
 * section 12). The state and we write to the email; the IRS's EIN application (SS-4) prints the phone.
 */
function FilingContact({ email, phone, ein }: { email: string; phone: string; ein: boolean }) {
  if (!email && !phone) return null;
  return (
    <div data-filing-contact="" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">Contact for the filing</p>
      <p className="break-words">
        {[email, phone].filter(Boolean).join(' · ')} <span className="text-slate-600">(from your application)</span>
      </p>
      <p className="text-slate-600">
        {ein ? 'The state and we write to this email; the EIN application gives the IRS this phone number. ' : 'The state and we write to this email. '}
        To change them, send us a request under Messages and change requests.
      </p>
    </div>
  );
}

export function FilingDetailsForm({
  order,
  onSaved,
  onConflict,
  onCancel,
  save = (body) => apiCall('PUT /api/orders/{id}/filing-details', { params: { id: order.id }, body }),
}: {
  order: OrderView;
  onSaved: (view: OrderView) => void;
  /** Where the details go: the customer's own route unless given (staff change them with a reason). */
  save?: (body: FilingDetailsInput) => Promise<OrderView>;
  /** A 409 (staff started processing, the order changed): the page says the sentence and reads the order again. */
  onConflict: (sentence: string) => void;
  onCancel?: () => void;
}) {
  const ctx: FormContext = useMemo(
    () => ({
      state: order.state,
      ein: order.details.ein,
      taxIdOnFile: order.details.taxIdOnFile,
      operatingAgreement: Boolean(order.details.operatingAgreement),
      privacyByDefault: Boolean(order.details.chosePrivacy) && ourAddressAllowed(order.state),
    }),
    [order.state, order.details.ein, order.details.taxIdOnFile, order.details.operatingAgreement, order.details.chosePrivacy],
  );
  const [draft, setDraft] = useState<DetailsDraft>(() => initialDraft(ctx, order.details.value, order.applicant));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const claimed = useRef(new Set<string>());
  claimed.current = new Set();

  const clientErrors = useMemo(() => validateDraft(draft, ctx).errors, [draft, ctx]);
  const touchedCovers = (path: string) => {
    for (const t of touched) if (coveredBy(t, [path])) return true;
    return false;
  };
  const fieldState: FieldState = {
    error: (path) => serverErrors[path]?.[0] ?? (submitted || touchedCovers(path) ? clientErrors[path]?.[0] : undefined),
    // Shown once the pointer that moved the focus is released: the sentence never moves a control under it.
    blur: (path) => afterPointerRelease(() => setTouched((t) => (t.has(path) ? t : new Set(t).add(path)))),
    changed: (path) => setServerErrors((e) => withoutPath(e, path)),
    claim: (path) => claimed.current.add(path),
  };

  useEffect(() => {
    if (!focusRequest) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-form-alert]');
    first?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<DetailsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const stateName = order.stateName;
  const agentOptional = order.state ? REGISTERED_AGENT_OPTIONAL[order.state] : undefined;
  // Our registered agent only where the operator has an office in the filing state (the server refuses it elsewhere).
  const operator = useOperatorSettings();
  const oursOffered = offersOurAgent(operator, order.state);
  const renewalUsd = registeredAgentRenewalUsd(operator);
  useEffect(() => {
    if (operator && !oursOffered && draft.agentKind === 'ours') setDraft((d) => ({ ...d, agentKind: 'own' }));
  }, [operator, oursOffered, draft.agentKind]);
  // Our address on the filing only where the state data allows it and the operator has set it (the server refuses it elsewhere).
  const ourPrivacy = ourAddressAllowed(order.state) ? ourPrivacyFiling(operator) : undefined;
  useEffect(() => {
    if (operator && !ourPrivacy && draft.useOurAddress) setDraft((d) => ({ ...d, useOurAddress: false }));
  }, [operator, ourPrivacy, draft.useOurAddress]);
  const privacyOn = Boolean(ourPrivacy && draft.useOurAddress);
  const ourOrganizer = privacyOn && ourOrganizerAllowed(order.state) ? ourPrivacy : undefined;
  const publicRecord = publicRecordSentences(order.state, { ourAddress: privacyOn, ourOrganizer: Boolean(ourOrganizer) });
  const last4 = order.details.value?.ein?.responsibleParty.taxIdLast4;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const { body, errors } = validateDraft(draft, ctx);
    if (Object.keys(errors).length) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const view = await save(body);
      // The number is gone from memory as soon as the server has it.
      setDraft((d) => ({ ...d, ein: { ...d.ein, taxId: '' } }));
      onSaved(view);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        onConflict(failureMessage(err));
        return;
      }
      const details = serverDetails(err);
      if (details) setServerErrors(details);
      setFormError(details ? 'Some details need a change: see the sentences beside the fields.' : failureMessage(err));
      setFocusRequest((n) => n + 1);
    } finally {
      setSaving(false);
    }
  }

  const agentOptions = [
    ...(oursOffered
      ? [
          {
            value: 'ours' as const,
            label: (
              <>
                <strong className="font-semibold">Use CreatorLLC as the registered agent.</strong> Free for the first year, then {formatUsd(renewalUsd)} a year.
              </>
            ),
          },
        ]
      : []),
    { value: 'own' as const, label: <strong className="font-semibold">I have my own registered agent.</strong> },
  ];

  return (
    <FieldStateContext.Provider value={fieldState}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Filing details" className="space-y-6">
        <Section>
          <fieldset className="min-w-0 space-y-5">
            <legend className={LEGEND}>Where the business is</legend>
            {ourPrivacy ? (
              <CheckboxField
                path="useOurAddress"
                label={`Use our address as the principal office and mailing address on the ${stateName} filing${ourOrganizerAllowed(order.state) ? ', with our organizer signing it' : ''}`}
                hint={`${formatAddress(ourPrivacy.address)} (${ourPrivacy.legalName}). Your home stays off the public filing; included in your formation price.`}
                checked={draft.useOurAddress}
                onChecked={(useOurAddress) => update({ useOurAddress })}
              />
            ) : null}
            <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="public-record">
              <p className="font-semibold text-slate-900">What will be public in {stateName}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {publicRecord.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-slate-600">Source: {PUBLIC_RECORD_SOURCE}.</p>
            </div>
            <AddressFields
              path="principalOffice"
              legend="Principal office"
              hint={
                privacyOn
                  ? 'Your own business address, kept off the filing: the IRS and your operating agreement use it. A street address, not a PO box.'
                  : 'The street address where the business is run (your home is fine). The state does not accept a PO box here.'
              }
              value={draft.principalOffice}
              onValue={(principalOffice) => update({ principalOffice })}
            />
            <AddressFields
              path="mailingAddress"
              legend="Mailing address"
              hint={
                privacyOn
                  ? 'Where we and the IRS send you letters; the filing shows our address. A PO box is fine here.'
                  : 'Where the state sends letters. A PO box is fine here.'
              }
              value={draft.mailingAddress}
              onValue={(mailingAddress) => update({ mailingAddress })}
              sameAs={{
                label: 'The mailing address is the same as the principal office',
                checked: draft.mailingSame,
                onChecked: (mailingSame) => update({ mailingSame }),
              }}
            />
            {order.state === 'NY' || ctx.ein ? (
              <TextField
                path="county"
                label="County of the office"
                hint={
                  order.state === 'NY'
                    ? 'New York asks for the county where the office is located.'
                    : 'The IRS asks for it on the EIN application (the county of the principal office).'
                }
                value={draft.county}
                onValue={(county) => update({ county })}
              />
            ) : null}
          </fieldset>
        </Section>

        <Section>
          <fieldset className="min-w-0 space-y-4">
            <legend className={LEGEND}>Registered agent</legend>
            {agentOptional ? (
              <p className="text-sm text-slate-600" data-testid="agent-optional">
                In {stateName} a registered agent is optional: {agentOptional.why}. Naming one (ours, its first year included, or your own) gives legal papers a
                street address in {stateName} where someone receives them during business hours.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                Every LLC needs an agent with a street address in {stateName} to receive legal papers during business hours.
              </p>
            )}
            {operator && !oursOffered ? (
              <p className="text-sm text-slate-600" data-testid="agent-not-offered">
                We do not have a registered agent office in {stateName}, so name your own agent there: nothing of ours renews.
              </p>
            ) : null}
            <RadioGroup
              path="registeredAgent"
              alsoPaths={['registeredAgent.kind']}
              legend="Who is the registered agent?"
              value={draft.agentKind}
              onValue={(agentKind) => update({ agentKind })}
              options={agentOptions}
            />
            {draft.agentKind === 'ours' ? (
              <RadioGroup
                path="registeredAgent.renewalConsent"
                legend={`After the first year, may we renew the registered agent service at ${formatUsd(renewalUsd)} a year?`}
                value={draft.renewalConsent}
                onValue={(renewalConsent) => update({ renewalConsent })}
                options={[
                  { value: 'yes', label: `Yes, renew it each year at ${formatUsd(renewalUsd)}` },
                  { value: 'no', label: 'No, do not renew it: I will name another agent before the first year ends' },
                ]}
              />
            ) : null}
            {draft.agentKind === 'own' ? (
              <div className="space-y-4">
                <TextField
                  path="registeredAgent.name"
                  label="Agent's name (a person or a company)"
                  value={draft.agent.name}
                  onValue={(name) => update({ agent: { ...draft.agent, name } })}
                />
                <AddressFields
                  path="registeredAgent.address"
                  legend="Agent's street address"
                  hint={`A street address in ${stateName}: the state does not accept a PO box.`}
                  value={draft.agent.address}
                  onValue={(address) => update({ agent: { ...draft.agent, address } })}
                />
                <CheckboxField
                  path="registeredAgent.consent"
                  label="The agent has agreed to act as the registered agent of this LLC"
                  checked={draft.agent.consent}
                  onChecked={(consent) => update({ agent: { ...draft.agent, consent } })}
                />
              </div>
            ) : null}
          </fieldset>
        </Section>

        <Section>
          <fieldset className="min-w-0 space-y-4">
            <legend className={LEGEND}>Organizer and signature</legend>
            {ourOrganizer ? (
              <p className="text-sm text-slate-600" data-testid="our-organizer">
                Our organizer, {ourOrganizer.organizer}, signs the {stateName} filing for {ourOrganizer.legalName}, so your name is not on it. Your name and
                signature below authorise us to file it; they stay on your order.
              </p>
            ) : (
              <p className="text-sm text-slate-600">The organizer signs the formation document. It is usually you.</p>
            )}
            <FilingContact email={order.email} phone={order.applicant?.phone ?? ''} ein={order.details.ein} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                path="organizer.name"
                label="Organizer's full name"
                autoComplete="name"
                value={draft.organizer.name}
                onValue={(name) => update({ organizer: { ...draft.organizer, name } })}
              />
              <TextField
                path="organizer.title"
                label="Title"
                value={draft.organizer.title}
                onValue={(title) => update({ organizer: { ...draft.organizer, title } })}
              />
            </div>
            <AddressFields
              path="organizer.address"
              legend="Organizer's address"
              value={draft.organizer.address}
              onValue={(address) => update({ organizer: { ...draft.organizer, address } })}
              sameAs={{
                label: 'Same as the principal office',
                checked: draft.organizer.sameAsOffice,
                onChecked: (sameAsOffice) => update({ organizer: { ...draft.organizer, sameAsOffice } }),
              }}
            />
            <SameAsOrganizer
              path="signature.typedName"
              organizerName={draft.organizer.name}
              label="Sign with the organizer's name"
              checked={draft.signature.sameAsOrganizer}
              onChecked={(sameAsOrganizer) => update({ signature: { ...draft.signature, sameAsOrganizer } })}
            >
              <TextField
                path="signature.typedName"
                label="Electronic signature: type the organizer's full name"
                hint="We record the typed name, your consent and the time you save."
                autoComplete="off"
                value={draft.signature.typedName}
                onValue={(typedName) => update({ signature: { ...draft.signature, typedName } })}
              />
            </SameAsOrganizer>
            <CheckboxField
              path="signature.consent"
              label={SIGNATURE_CONSENT}
              hint={
                draft.signature.resigning
                  ? 'Changed details are signed again: tick the box to sign them. Your earlier signature stays on the details saved before.'
                  : undefined
              }
              checked={draft.signature.consent}
              onChecked={(consent) => update({ signature: { ...draft.signature, consent } })}
            />
          </fieldset>
        </Section>

        <Section>
          <fieldset className="min-w-0 space-y-4">
            <legend className={LEGEND}>Owners and management</legend>
            <RadioGroup
              path="management"
              legend="Who runs the LLC?"
              value={draft.management}
              onValue={(management) =>
                update({ management, ...(management === 'manager' && draft.managers.length === 0 ? { managers: [emptyPerson(order.state, '')] } : {}) })
              }
              options={[
                { value: 'member', label: 'The members (owners) run it: member-managed. Most creators choose this.' },
                { value: 'manager', label: 'Managers run it: manager-managed (the owners do not run it day to day).' },
              ]}
            />
            <h3 className="pt-2 text-sm font-semibold text-slate-900">Members (owners)</h3>
            {order.details.ownersOffRecord ? (
              <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="owners-off-record">
                {stateName} keeps owners' names off the public record: its formation document and annual report do not ask for the members' names. (Source:{' '}
                {OWNER_ANONYMITY_SOURCE.name.replace(/,.*$/, '')}, CC BY 4.0.)
              </p>
            ) : null}
            <PeopleFields
              kind="members"
              people={draft.members}
              onPeople={(members) => update({ members })}
              filingState={order.state}
              organizerName={draft.organizer.name}
              askContribution={ctx.operatingAgreement}
            />
            {draft.management === 'manager' ? (
              <>
                <h3 className="pt-2 text-sm font-semibold text-slate-900">Managers</h3>
                <PeopleFields kind="managers" people={draft.managers} onPeople={(managers) => update({ managers })} filingState={order.state} />
              </>
            ) : null}
          </fieldset>
        </Section>

        <Section>
          <TextAreaField
            path="purpose"
            label="Purpose of the LLC"
            hint={`"Any lawful purpose" lets the LLC do any legal business, and ${stateName} accepts it. Change it only to state a narrower purpose.`}
            value={draft.purpose}
            onValue={(purpose) => update({ purpose })}
            rows={2}
            maxLength={500}
          />
          <p className="mt-3 text-sm text-slate-600">The LLC lasts indefinitely (perpetual duration) and exists from the day {stateName} accepts the filing.</p>
        </Section>

        {ctx.operatingAgreement ? (
          <Section>
            <CompanyAccountsFields accounts={draft.companyAccounts} onAccounts={(companyAccounts) => update({ companyAccounts })} />
          </Section>
        ) : null}

        {order.details.ein ? (
          <Section>
            <EinFields
              value={draft.ein}
              onValue={(ein) => update({ ein })}
              last4={order.details.taxIdOnFile ? last4 : undefined}
              organizerName={draft.organizer.name}
            />
          </Section>
        ) : null}

        <Section>
          <UnclaimedErrors errors={{ ...(submitted ? clientErrors : {}), ...serverErrors }} claimed={claimed} formError={formError} />
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? 'Saving…' : 'Save filing details'}
            </Button>
          </div>
        </Section>
      </form>
    </FieldStateContext.Provider>
  );
}

/**
 * The form's own sentence (a failed request) and any sentence no field shows. Rendered after
 * the fields, so every field has claimed its paths by the time this reads them.
 */
function UnclaimedErrors({ errors, claimed, formError }: { errors: FieldErrors; claimed: RefObject<Set<string>>; formError: string | null }) {
  const sentences = unclaimedSentences(errors, claimed.current);
  if (!formError && sentences.length === 0) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-alert className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {formError ? <p>{formError}</p> : null}
      {sentences.length ? (
        <ul className="mt-1 list-disc pl-5">
          {sentences.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
