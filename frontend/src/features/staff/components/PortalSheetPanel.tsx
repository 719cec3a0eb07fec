import { useId, useState } from 'react';
import { annualReportServiceAvailability } from '#shared/compliance/annual-report-service.ts';
import { homeStateOf } from '#shared/orders/home-registration.ts';
import { type PortalSheetKind, type PortalSheetOrder, portalSheet } from '#shared/staff/portal-sheet.ts';

const LINK = 'text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700';

const KINDS: { kind: PortalSheetKind; text: string }[] = [
  { kind: 'formation', text: 'Formation' },
  { kind: 'ein', text: 'EIN' },
  { kind: 'dba', text: 'DBA' },
  { kind: 'home-registration', text: 'Home state' },
  { kind: 'annual-report', text: 'Annual report' },
];

/** Copies a text: the Clipboard API, else a hidden text area and execCommand for older browsers. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through to the older way (a page without clipboard permission).
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

const storageKey = (orderId: string, kind: PortalSheetKind) => `portal-sheet:${orderId}:${kind}`;

function readCopied(key: string): string[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(saved) ? saved.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The portal sheet of the order's filings (shared/staff/portal-sheet.ts): each value with a copy
 * button, a tick once copied (kept per order and filing for the browser tab, in
 * sessionStorage), and the link to file. The SSN or ITIN is never here: its row points to the
 * audited Reveal in the filing details.
 */
export function PortalSheetPanel({
  orderId,
  order,
  hasEin,
  hasDba,
  initialKind = 'formation',
}: {
  orderId: string;
  order: PortalSheetOrder;
  hasEin: boolean;
  hasDba: boolean;
  /** The sheet shown first: the Annual reports list opens the annual report's (docs/decisions/0435). */
  initialKind?: PortalSheetKind;
}) {
  // The home-state registration's sheet for an LLC formed outside the owner's home state (docs/decisions/0429).
  const away = homeStateOf({ state: order.state, residenceState: order.residenceState ?? null }) !== undefined;
  const kinds = KINDS.filter(
    (k) =>
      k.kind === 'formation' ||
      (k.kind === 'ein' && hasEin) ||
      (k.kind === 'dba' && hasDba) ||
      (k.kind === 'home-registration' && away) ||
      // The annual report we may file for the customer (docs/decisions/0431), where the state charges for one.
      (k.kind === 'annual-report' && annualReportServiceAvailability(order.state).available),
  );
  const [kind, setKind] = useState<PortalSheetKind>(initialKind);
  // Several sheets may be open at once (the Annual reports list): each its own heading id.
  const titleId = useId();
  const key = storageKey(orderId, kind);
  const [copied, setCopied] = useState<Record<string, string[]>>({});
  const done = copied[key] ?? readCopied(key);
  const [failed, setFailed] = useState<string | null>(null);
  const sheet = portalSheet(order, kind);

  const markCopied = (rowKey: string) => {
    const next = done.includes(rowKey) ? done : [...done, rowKey];
    setCopied((c) => ({ ...c, [key]: next }));
    try {
      sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      // The tick still shows for this render when storage is unavailable.
    }
  };

  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        Portal sheet
      </h3>
      {kinds.length > 1 ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {kinds.map((k) => (
            <button
              key={k.kind}
              type="button"
              aria-pressed={k.kind === kind}
              onClick={() => setKind(k.kind)}
              className={`rounded-lg px-3 py-1 text-sm ${k.kind === kind ? 'bg-indigo-700 text-white' : 'border border-slate-300 text-slate-800'}`}
            >
              {k.text}
            </button>
          ))}
        </div>
      ) : null}
      <p className="mt-2 text-sm font-medium text-slate-900">{sheet.title}</p>
      {sheet.link ? (
        <p className="mt-1 break-words text-sm">
          <a href={sheet.link.url} target="_blank" rel="noopener noreferrer" className={LINK}>
            {sheet.link.text}
          </a>
          {sheet.link.source ? <span className="ml-1 text-xs text-slate-600">({sheet.link.source})</span> : null}
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-600">{sheet.linkNote}</p>
      )}
      <p className="mt-1 text-xs text-slate-600" data-testid="portal-sheet-order-note">
        {sheet.orderNote}
      </p>
      {sheet.unavailable ? (
        <p className="mt-2 text-sm text-slate-600">{sheet.unavailable}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {sheet.rows.map((row, i) => {
            const rowKey = `${row.section}|${row.label}`;
            const isCopied = done.includes(rowKey);
            return (
              <li key={`${rowKey}-${i}`} className="flex flex-wrap items-center gap-2 py-1.5">
                <span className="w-5 text-center" aria-hidden="true">
                  {isCopied ? '✓' : ''}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block break-words text-xs text-slate-600">
                    {row.section !== row.label ? `${row.section} · ` : ''}
                    {row.portalName ?? row.label}
                  </span>
                  <span className="block break-words text-slate-900">{row.value}</span>
                  {row.revealOnRequest ? (
                    <span className="block text-xs text-slate-600">Use Reveal in the filing details below; each reveal is recorded.</span>
                  ) : null}
                </span>
                {row.revealOnRequest ? null : (
                  <button
                    type="button"
                    className="rounded-lg border border-slate-300 px-2 py-1 text-xs text-slate-800 hover:bg-slate-50"
                    aria-label={`Copy ${row.label}${isCopied ? ' (copied)' : ''}`}
                    onClick={async () => {
                      if (await copyText(row.value)) {
                        setFailed(null);
                        markCopied(rowKey);
                      } else setFailed(row.label);
                    }}
                  >
                    {isCopied ? 'Copied' : 'Copy'}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {failed ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          Could not copy {failed}: select the value and copy it by hand.
        </p>
      ) : null}
    </section>
  );
}
