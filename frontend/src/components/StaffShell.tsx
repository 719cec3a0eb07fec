import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { missingOperatorSettings } from '#shared/operator/facts.ts';
import { mayPerform } from '#shared/staff/actions.ts';
import { findState, STATE_PRICING } from '#shared/states.ts';
import { useOperatorSettings } from '../lib/operator.ts';
import { logoutStaff, staffCall, useStaffAccount } from '../lib/staff-session.ts';
import { toast } from '../lib/toast.ts';
import { paths } from '../paths.ts';
import { Logo } from './Logo.tsx';

const NAV = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

/**
 * Unset operator settings, said to the owner, who can set them (customers see the pages without
 * them, never a placeholder). Nobody else can act on it, so nobody else sees it.
 */
function OperatorSettingsNotice() {
  const settings = useOperatorSettings();
  const missing = settings
    ? missingOperatorSettings(
        settings,
        STATE_PRICING.map((st) => st.code),
      )
    : [];
  if (!missing.length) return null;
  return (
    <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="font-semibold">The operator settings are incomplete</p>
      <p className="mt-1">
        Not set: {missing.join(', ')}. The footer, the legal pages and the emails leave these out until they are set, and no page or email promises our
        registered agent in a state without an office.{' '}
        <Link to={paths.staffSettings} className="font-semibold underline underline-offset-2">
          Open the settings
        </Link>
      </p>
    </div>
  );
}

/**
 * States with open orders and no registered-agent office of ours, said to the owner, who adds
 * offices in the settings: customers there name their own agent, and an order that chose ours
 * before cannot be filed until an office is set (its documents panel says so to whoever works it).
 */
function AgentOfficeNotice() {
  const gaps = useQuery({ queryKey: ['staff', 'registered-agent-gaps'], queryFn: () => staffCall('GET /api/staff/registered-agent-gaps'), staleTime: 60_000 });
  const states = gaps.data?.states ?? [];
  if (!states.length) return null;
  const line = (g: (typeof states)[number]) =>
    `${findState(g.state)?.name ?? g.state} (${g.openOrders} open order${g.openOrders === 1 ? '' : 's'}${g.choseOurAgent ? `, ${g.choseOurAgent} chose our agent and cannot be filed` : ''})`;
  return (
    <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="agent-office-notice">
      <p className="font-semibold">No registered-agent office in states with open orders</p>
      <p className="mt-1">
        {states.map(line).join('; ')}. Customers there name their own agent.{' '}
        <Link to={paths.staffSettings} className="font-semibold underline underline-offset-2">
          Add an office in the settings
        </Link>
      </p>
    </div>
  );
}

/**
 * Frame of the staff screens: the staff navigation (owner screens for owners), logout, and the
 * notices each person can act on: the settings and registered-agent notices are the owner's alone
 * (the only one who can change the settings), so a processor or support never carries them.
 */
export function StaffShell({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  const account = useStaffAccount();
  const owner = mayPerform(account.data, 'manageStaff');
  async function logout() {
    await logoutStaff();
    toast('Logged Out', 'Your staff session has ended.');
    navigate(paths.staffLogin, { replace: true });
  }
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to={paths.home} aria-label="CreatorLLC home">
            <Logo />
          </Link>
          <nav aria-label="Staff" className="flex flex-wrap items-center gap-1">
            <NavLink to={paths.staffDashboard} end className={NAV}>
              Dashboard
            </NavLink>
            {mayPerform(account.data, 'editContent') ? (
              <NavLink to={paths.contentEditor} className={NAV}>
                Content editor
              </NavLink>
            ) : null}
            {mayPerform(account.data, 'viewAudit') ? (
              <NavLink to={paths.staffAudit()} className={NAV}>
                Audit trail
              </NavLink>
            ) : null}
            {owner ? (
              <>
                <NavLink to={paths.staffPeople} className={NAV}>
                  Staff
                </NavLink>
                <NavLink to={paths.staffSettings} className={NAV}>
                  Settings
                </NavLink>
              </>
            ) : null}
            <NavLink to={paths.staffAccount} className={NAV} title={account.data ? `Signed in as ${account.data.email}` : undefined}>
              Your account
            </NavLink>
            <button type="button" onClick={logout} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Log out
            </button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {mayPerform(account.data, 'changeSettings') ? (
          <>
            <OperatorSettingsNotice />
            <AgentOfficeNotice />
          </>
        ) : null}
        {children}
      </main>
    </div>
  );
}
