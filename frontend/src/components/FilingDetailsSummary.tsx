import type { ReactNode } from 'react';
import type { Address, StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { formatUsd } from '#shared/money.ts';
import { registeredAgentRenewalUsd } from '#shared/operator/facts.ts';
import { stateName } from '#shared/states.ts';
import { writtenDate } from '#shared/written-date.ts';
import { clockTime, isMoment, shortDate } from '../lib/local-dates.ts';
import { useOperatorSettings } from '../lib/operator.ts';
import { NoWrap } from './NoWrap.tsx';

/**
 * The filing details as stored (shared/filing/details.schema.ts), read-only: the order page once they
 * can no longer be changed, and the staff dashboard's application modal. The tax id is only ever
 * its last four digits here; `taxId` lets staff put their reveal control in its place.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatAddress(a: Address): string {
  return [a.line1, a.line2, a.city, `${stateName(a.state) || a.state} ${a.zip}`].filter(Boolean).join(', ');
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function maskedTaxId(last4: string): string {
  return `•••-••-${last4}`;
}

export function FilingDetailsSummary({ details, taxId }: { details: StoredFilingDetails; taxId?: ReactNode }) {
  const agent = details.registeredAgent;
  // The price agreed with the consent (recorded with the details); today's only for details saved before it was recorded.
  const published = registeredAgentRenewalUsd(useOperatorSettings());
  const renewal = (agent.kind === 'ours' ? agent.renewalPriceUsd : undefined) ?? published;
  const party = details.ein?.responsibleParty;
  const signedAt = details.signature.signedAt;
  return (
    <dl className="grid gap-4 sm:grid-cols-2" aria-label="Filing details">
      <Item label="Principal office">{formatAddress(details.principalOffice)}</Item>
      <Item label="Mailing address">{details.mailingAddress ? formatAddress(details.mailingAddress) : 'Same as the principal office'}</Item>
      {details.county ? <Item label="County">{details.county}</Item> : null}
      <Item label="Registered agent">
        {agent.kind === 'ours' ? (
          <>
            CreatorLLC (free for the first year;{' '}
            {agent.renewalConsent ? (
              <>
                renews at <NoWrap>{formatUsd(renewal)}</NoWrap> a year
              </>
            ) : (
              'not renewed after the first year'
            )}
            )
          </>
        ) : (
          <>
            {agent.name}, {formatAddress(agent.address)} (the agent has agreed to act)
          </>
        )}
      </Item>
      <Item label="Organizer">
        {details.organizer.name}, {details.organizer.title}
        <br />
        {formatAddress(details.organizer.address)}
      </Item>
      <Item label="Signature">
        <span className="italic">{details.signature.typedName}</span>, signed electronically{' '}
        {!isMoment(signedAt) ? (
          ''
        ) : (
          <>
            on <NoWrap>{shortDate(signedAt)}</NoWrap>, <NoWrap>{clockTime(signedAt)}</NoWrap>
          </>
        )}
      </Item>
      <Item label="Management">{details.management === 'manager' ? 'Manager-managed' : 'Member-managed'}</Item>
      <Item label="Purpose">{details.purpose}</Item>
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Members</dt>
        <dd className="mt-1">
          <ul className="space-y-1 text-sm text-slate-900">
            {details.members.map((m, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{m.name}</span>, {m.ownershipPercent}%: {formatAddress(m.address)}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      {details.managers?.length ? (
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Managers</dt>
          <dd className="mt-1">
            <ul className="space-y-1 text-sm text-slate-900">
              {details.managers.map((m, i) => (
                <li key={i} className="break-words">
                  <span className="font-medium">{m.name}</span>: {formatAddress(m.address)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {details.ein && party ? (
        <>
          <Item label="EIN responsible party">{party.name}</Item>
          <Item label={party.taxIdType === 'itin' ? 'ITIN' : 'SSN'}>
            {party.taxIdDeleted ? `${maskedTaxId(party.taxIdLast4)} (deleted after the EIN was issued)` : (taxId ?? maskedTaxId(party.taxIdLast4))}
          </Item>
          <Item label="Business activity">{details.ein.businessActivity}</Item>
          <Item label="Business start date">
            <NoWrap>{writtenDate(details.ein.startDate)}</NoWrap>
          </Item>
          <Item label="Fiscal year ends">{MONTHS[details.ein.fiscalYearEndMonth - 1] ?? details.ein.fiscalYearEndMonth}</Item>
        </>
      ) : null}
    </dl>
  );
}
