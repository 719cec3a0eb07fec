import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { PRICE_SETTING_KEYS, type PriceSettingKey, SETTING_PRICED } from '#shared/catalog/catalog.ts';
import { ourAddressAllowed } from '#shared/filing/privacy.ts';
import { missingOperatorSettings, type OperatorAddress, type OperatorSettings, SOCIAL_NETWORKS, type SocialNetwork } from '#shared/operator/facts.ts';
import { operatorSettingsUpdateSchema } from '#shared/operator/settings.schema.ts';
import { STATE_RECORDS } from '#shared/states.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { StaffShell } from '../../components/StaffShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { useOperatorSettings } from '../../lib/operator.ts';
import { useStaffAccount } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useSaveSettings } from './account-api.ts';
import { INPUT, LABEL } from './components/TotpEnrolment.tsx';
import { StaffGuard } from './StaffGuard.tsx';

/** The form's text of an address (empty strings while unset). */
type AddressForm = { line1: string; line2: string; city: string; state: string; zip: string };
const NO_ADDRESS: AddressForm = { line1: '', line2: '', city: '', state: '', zip: '' };
/** Each price the operator sets (shared/catalog/entries.ts, the entries priced by a setting), as typed. */
type PriceFields = Record<PriceSettingKey, string>;
interface Form extends PriceFields {
  legalName: string;
  address: AddressForm;
  supportEmail: string;
  supportPhone: string;
  refundTerms: string;
  liveChatUrl: string;
  socialLinks: Record<SocialNetwork, string>;
  registeredAgentOffices: AddressForm[];
  privacyFiling: { address: AddressForm; organizer: string };
}

const toAddressForm = (a: OperatorAddress | null): AddressForm => (a ? { ...NO_ADDRESS, ...a, line2: a.line2 ?? '' } : NO_ADDRESS);
function toForm(s: OperatorSettings): Form {
  return {
    legalName: s.legalName ?? '',
    address: toAddressForm(s.address),
    supportEmail: s.supportEmail ?? '',
    supportPhone: s.supportPhone ?? '',
    ...(Object.fromEntries(PRICE_SETTING_KEYS.map((k) => [k, s[k] === null ? '' : String(s[k])])) as PriceFields),
    refundTerms: s.refundTerms ?? '',
    liveChatUrl: s.liveChatUrl ?? '',
    socialLinks: Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((k) => [k, s.socialLinks[k as SocialNetwork] ?? ''])) as Record<SocialNetwork, string>,
    registeredAgentOffices: s.registeredAgentOffices.map(toAddressForm),
    privacyFiling: { address: toAddressForm(s.privacyFiling?.address ?? null), organizer: s.privacyFiling?.organizer ?? '' },
  };
}

/** Blank fields are "not set" (null); an address counts as set once any of its fields is typed. */
const orNull = (v: string) => (v.trim() ? v : null);
const fromAddressForm = (a: AddressForm): OperatorAddress | null =>
  Object.values(a).some((v) => v.trim()) ? { line1: a.line1, ...(a.line2.trim() ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip } : null;
const dollarsOrNull = (v: string) => (v.trim() ? Number(v.trim()) : null);
/** The privacy filing's address and organizer: unset when both are blank, else both are checked (a half-filled one is refused beside its field). */
function privacyFilingOf(p: Form['privacyFiling']) {
  const address = fromAddressForm(p.address);
  if (!address && !p.organizer.trim()) return null;
  return { address: address ?? { line1: '', city: '', state: '', zip: '' }, organizer: p.organizer };
}
function fromForm(f: Form, version: number) {
  return {
    legalName: orNull(f.legalName),
    address: fromAddressForm(f.address),
    supportEmail: orNull(f.supportEmail),
    supportPhone: orNull(f.supportPhone),
    ...(Object.fromEntries(PRICE_SETTING_KEYS.map((k) => [k, dollarsOrNull(f[k])])) as Record<PriceSettingKey, number | null>),
    refundTerms: orNull(f.refundTerms),
    liveChatUrl: orNull(f.liveChatUrl),
    socialLinks: Object.fromEntries(Object.entries(f.socialLinks).filter(([, v]) => v.trim())),
    registeredAgentOffices: f.registeredAgentOffices.map(fromAddressForm).filter((a): a is OperatorAddress => a !== null),
    privacyFiling: privacyFilingOf(f.privacyFiling),
    version,
  };
}

/** The states whose data allows the privacy filing (shared/filing/privacy.ts). */
const PRIVACY_STATES = STATE_RECORDS.filter((s) => ourAddressAllowed(s.code)).map((s) => s.name);

/** Field path (as the shared schema names it) -> its first message. */
type Errors = Record<string, string>;

/** The operator's settings (owner): who runs the business, how customers reach it, the renewal price, refund terms, links. */
export default function SettingsPage() {
  usePageMeta({ title: 'Operator settings | CreatorLLC' });
  return (
    <StaffGuard returnTo={paths.staffSettings}>
      <Settings />
    </StaffGuard>
  );
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1 text-sm text-slate-600">{hint}</p>
      ) : null}
    </div>
  );
}

function AddressFields({ prefix, value, onChange, errors }: { prefix: string; value: AddressForm; onChange: (a: AddressForm) => void; errors: Errors }) {
  const input = (k: keyof AddressForm, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`${prefix}-${k}`} label={label} error={errors[`${prefix}.${k}`]}>
      <input
        id={`${prefix}-${k}`}
        className={INPUT}
        value={value[k]}
        onChange={(e) => onChange({ ...value, [k]: e.target.value })}
        aria-invalid={errors[`${prefix}.${k}`] ? true : undefined}
        aria-describedby={errors[`${prefix}.${k}`] ? `${prefix}-${k}-error` : undefined}
        {...props}
      />
    </Field>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">{input('line1', 'Street address', { autoComplete: 'off' })}</div>
      <div className="sm:col-span-2">{input('line2', 'Address line 2 (optional)')}</div>
      {input('city', 'City')}
      <Field id={`${prefix}-state`} label="State" error={errors[`${prefix}.state`]}>
        <select id={`${prefix}-state`} className={INPUT} value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value })}>
          <option value="">Choose a state</option>
          {STATE_RECORDS.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      {input('zip', 'ZIP code', { inputMode: 'numeric' })}
    </div>
  );
}

function Settings() {
  const account = useStaffAccount();
  const current = useOperatorSettings();
  const save = useSaveSettings();
  const [form, setForm] = useState<Form>();
  const [errors, setErrors] = useState<Errors>({});
  const owner = account.data?.role === 'owner';

  useEffect(() => {
    if (current && !form) setForm(toForm(current));
  }, [current, form]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form || !current) return;
    const body = fromForm(form, current.version);
    // The same schema as the server's: a mistake is shown beside its field before anything is sent.
    const checked = operatorSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      toast('Settings Not Saved', 'Check the fields marked below.', 'error');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(body);
      setForm(toForm(saved));
      toast('Settings Saved', 'The footer, legal pages and emails use them now.');
    } catch (err) {
      const details = err instanceof ApiError ? err.body?.details : undefined;
      if (details) setErrors(Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])));
      toast('Settings Not Saved', failureMessage(err), 'error');
    }
  }

  if (account.data && !owner)
    return (
      <StaffShell title="Operator settings">
        <p className="mt-6 text-sm text-slate-700">Only an owner can change the operator settings.</p>
      </StaffShell>
    );
  if (!form || !current)
    return (
      <StaffShell title="Operator settings">
        <p className="mt-6 text-sm text-slate-600">Loading the settings…</p>
      </StaffShell>
    );

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm({ ...form, [k]: v });
  /** A price in whole dollars; blank is "not set" (the default applies). */
  const price = (k: PriceSettingKey, id: string, label: string, hint: string) => (
    <Field id={id} label={label} error={errors[k]} hint={hint}>
      <input
        id={id}
        inputMode="numeric"
        className={INPUT}
        value={form[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
      />
    </Field>
  );
  const text = (k: 'legalName' | 'supportEmail' | 'supportPhone' | 'liveChatUrl', label: string, hint?: string, props: Record<string, unknown> = {}) => (
    <Field id={`settings-${k}`} label={label} error={errors[k]} hint={hint}>
      <input
        id={`settings-${k}`}
        className={INPUT}
        value={form[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `settings-${k}-error` : undefined}
        {...props}
      />
    </Field>
  );
  const missing = missingOperatorSettings(
    fromForm(form, current.version),
    STATE_RECORDS.map((st) => st.code),
  );

  return (
    <StaffShell title="Operator settings">
      <form onSubmit={submit} className="mt-6 space-y-6" noValidate>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">The company</h2>
          {text('legalName', 'Legal name', 'As registered, e.g. "Creator Filings LLC". Shown in the footer, the legal pages and every email.')}
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Address</legend>
            <p className="mb-2 text-sm text-slate-600">Where customers can write to the company (legal pages, footer, emails).</p>
            <AddressFields prefix="address" value={form.address} onChange={(a) => set('address', a)} errors={errors} />
          </fieldset>
        </Card>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Support</h2>
          {text('supportEmail', 'Support email', undefined, { type: 'email' })}
          {text('supportPhone', 'Support phone', 'E.g. +1 305 555 0100', { type: 'tel' })}
          {text('liveChatUrl', 'Live chat link (optional)', 'An https:// link. The footer shows "Live Chat" only when this is set.', { type: 'url' })}
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-800">Social profiles (optional)</legend>
            {(Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).map((k) => (
              <Field key={k} id={`settings-social-${k}`} label={SOCIAL_NETWORKS[k]} error={errors[`socialLinks.${k}`]}>
                <input
                  id={`settings-social-${k}`}
                  type="url"
                  className={INPUT}
                  value={form.socialLinks[k]}
                  onChange={(e) => set('socialLinks', { ...form.socialLinks, [k]: e.target.value })}
                  placeholder="https://"
                />
              </Field>
            ))}
          </fieldset>
        </Card>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Prices and refunds</h2>
          {/* One field per price of the catalog that the operator sets. */}
          {SETTING_PRICED.map(({ pricing }) => (
            <Fragment key={pricing.setting}>
              {price(pricing.setting, `settings-${pricing.setting}`, pricing.settingLabel, `${pricing.hint} Unset, $${pricing.defaultUsd} applies.`)}
            </Fragment>
          ))}
          <Field
            id="settings-refund-terms"
            label="Refund terms"
            error={errors.refundTerms}
            hint="In your own words; shown on the Refund Policy page under the money-back guarantee."
          >
            <textarea
              id="settings-refund-terms"
              rows={6}
              className={INPUT}
              value={form.refundTerms}
              onChange={(e) => set('refundTerms', e.target.value)}
              aria-invalid={errors.refundTerms ? true : undefined}
            />
          </Field>
        </Card>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Registered-agent offices</h2>
          <p className="text-sm text-slate-600">
            Where we act as registered agent, one office per state. The filing documents name the legal name above at the office in the filing state.
          </p>
          {form.registeredAgentOffices.map((office, i) => (
            <fieldset key={i} className="rounded-xl border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">Office {i + 1}</legend>
              <AddressFields
                prefix={`registeredAgentOffices.${i}`}
                value={office}
                onChange={(a) =>
                  set(
                    'registeredAgentOffices',
                    form.registeredAgentOffices.map((o, j) => (j === i ? a : o)),
                  )
                }
                errors={errors}
              />
              <Button
                variant="ghost"
                className="mt-2"
                onClick={() =>
                  set(
                    'registeredAgentOffices',
                    form.registeredAgentOffices.filter((_, j) => j !== i),
                  )
                }
              >
                Remove this office
              </Button>
            </fieldset>
          ))}
          {errors.registeredAgentOffices ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.registeredAgentOffices}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => set('registeredAgentOffices', [...form.registeredAgentOffices, NO_ADDRESS])}>
            Add an office
          </Button>
        </Card>
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold text-slate-900">Privacy filing</h2>
          <p className="text-sm text-slate-600">
            Where the state data allows it ({PRIVACY_STATES.join(', ')}), a customer may put this address on the formation document as the principal office and
            mailing address, and this person signs it as organizer for the legal name above, so the customer's home and name stay off the public filing.
            Included in the formation price. Leave both blank to offer it nowhere.
          </p>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Privacy address</legend>
            <p className="mb-2 text-sm text-slate-600">A street address (not a PO box): the filing names it as the principal office.</p>
            <AddressFields
              prefix="privacyFiling.address"
              value={form.privacyFiling.address}
              onChange={(address) => set('privacyFiling', { ...form.privacyFiling, address })}
              errors={errors}
            />
          </fieldset>
          <Field
            id="settings-privacy-organizer"
            label="Organizer"
            error={errors['privacyFiling.organizer']}
            hint="The person who signs formation documents as organizer for us."
          >
            <input
              id="settings-privacy-organizer"
              className={INPUT}
              value={form.privacyFiling.organizer}
              onChange={(e) => set('privacyFiling', { ...form.privacyFiling, organizer: e.target.value })}
              aria-invalid={errors['privacyFiling.organizer'] ? true : undefined}
              aria-describedby={errors['privacyFiling.organizer'] ? 'settings-privacy-organizer-error' : undefined}
            />
          </Field>
        </Card>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
          <p className="text-sm text-slate-600">{missing.length ? `Still unset: ${missing.join(', ')}.` : 'Every setting customers see is set.'}</p>
        </div>
      </form>
    </StaffShell>
  );
}
