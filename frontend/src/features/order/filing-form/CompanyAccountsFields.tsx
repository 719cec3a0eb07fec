import { MAX_COMPANY_ACCOUNTS } from '#shared/filing/details.schema.ts';
import { Button } from '../../../components/Button.tsx';
import type { AccountDraft } from './draft.ts';
import { fieldId, useFieldState } from './field-state.ts';
import { FieldError, LEGEND, TextField } from './fields.tsx';

/**
 * The channels of the business for the operating agreement's Schedule A (its Company Accounts):
 * the platforms named in the wizard to start with, each with the handle the creator gives.
 */
export function CompanyAccountsFields({ accounts, onAccounts }: { accounts: AccountDraft[]; onAccounts: (accounts: AccountDraft[]) => void }) {
  const fields = useFieldState();
  fields.claim('companyAccounts');
  const set = (i: number, patch: Partial<AccountDraft>) => onAccounts(accounts.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className={LEGEND}>Your channels, for the operating agreement</legend>
      <p className="text-sm text-slate-600">
        Schedule A of your operating agreement lists the accounts the LLC owns. We started from the platforms you named; add each handle, and any other account.
      </p>
      {accounts.length ? (
        <ol className="space-y-3">
          {accounts.map((account, i) => {
            const base = `companyAccounts.${i}`;
            return (
              <li
                key={i}
                className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_auto] sm:items-end"
              >
                <TextField path={`${base}.platform`} label="Platform" value={account.platform} onValue={(platform) => set(i, { platform })} maxLength={40} />
                <TextField
                  path={`${base}.handle`}
                  label={`${account.platform.trim() || 'Account'} handle or address`}
                  value={account.handle}
                  onValue={(handle) => set(i, { handle })}
                  placeholder="@yourhandle"
                  maxLength={100}
                  autoComplete="off"
                />
                <Button
                  variant="ghost"
                  className="!px-2 !py-2"
                  aria-label={`Remove ${account.platform.trim() || `account ${i + 1}`}`}
                  onClick={() => {
                    onAccounts(accounts.filter((_, j) => j !== i));
                    fields.changed('companyAccounts');
                  }}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        variant="secondary"
        disabled={accounts.length >= MAX_COMPANY_ACCOUNTS}
        onClick={() => {
          onAccounts([...accounts, { platform: '', handle: '' }]);
          fields.changed('companyAccounts');
        }}
      >
        Add an account
      </Button>
      <FieldError id={`${fieldId('companyAccounts')}-error`}>{fields.error('companyAccounts')}</FieldError>
    </fieldset>
  );
}
