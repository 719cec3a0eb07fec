import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { mayPerform } from '#shared/staff/actions.ts';
import { StaffShell } from '../../components/StaffShell.tsx';
import { TabList } from '../../components/TabList.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useStaffAccount } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { ActivityTab } from './components/ActivityTab.tsx';
import { ApplicationsTab } from './components/ApplicationsTab.tsx';
import { EmailDeliveryTab } from './components/EmailDeliveryTab.tsx';
import { TicketsTab } from './components/TicketsTab.tsx';
import { WorkQueueTab } from './components/WorkQueueTab.tsx';
import { StaffGuard } from './StaffGuard.tsx';
import { useDashboard } from './staff-api.ts';

/** The dashboard's tabs, each shown only to a role that may use it (support: tickets only). */
const TABS = [
  { id: 'queue', label: 'Queue', action: 'workOrders' },
  { id: 'applications', label: 'Applications', action: 'workOrders' },
  { id: 'tickets', label: 'Support Tickets', action: 'answerTickets' },
  { id: 'emails', label: 'Email Delivery', action: 'answerTickets' },
  { id: 'activity', label: 'Recent Activity', action: 'workOrders' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * While the signed-in owner is the only one, the dashboard asks them to make a second owner: a
 * lost phone with no second owner needs the operator's break-glass to get back in.
 */
function SecondOwnerNotice() {
  const account = useStaffAccount();
  if (!account.data?.soleOwner) return null;
  return (
    <div role="status" className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950" data-testid="second-owner-notice">
      <p className="font-semibold">You are the only owner</p>
      <p className="mt-1">
        If you lose your phone and your recovery codes, nobody here can let you back in. Invite a second owner, or make someone on the staff an owner.{' '}
        <Link to={paths.staffPeople} className="font-semibold underline underline-offset-2">
          Add a second owner
        </Link>
      </p>
    </div>
  );
}

function StatCard({ label, value, accent }: { label: string; value: number | undefined; accent: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-2 text-3xl font-bold tracking-tight ${accent}`} data-stat={label}>
        {value ?? '–'}
      </p>
    </div>
  );
}

export default function StaffDashboardPage() {
  usePageMeta({ title: 'Staff dashboard | CreatorLLC' });
  // Without a token, the login page, which returns here (as the 401 handler sends): a plain
  // /staff/login here raced that redirect when a 401 cleared the token.
  return (
    <StaffGuard returnTo={paths.staffDashboard}>
      <Dashboard />
    </StaffGuard>
  );
}

function Dashboard() {
  const account = useStaffAccount();
  const tabs = TABS.filter((t) => mayPerform(account.data, t.action));
  const [chosen, setTab] = useState<TabId>();
  // No tab until the role is known: a support person never sees (or loads) the queue for a moment.
  const tab = account.data ? (chosen ?? tabs[0]?.id) : undefined;
  const stats = useDashboard();
  useEffect(() => {
    if (stats.isError) toast('Error', 'Failed to fetch stats', 'error');
  }, [stats.isError]);
  const s = stats.data;

  return (
    <StaffShell title="Staff dashboard">
      <SecondOwnerNotice />
      <section aria-label="Statistics" className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Applications" value={s?.totalApplications} accent="text-slate-900" />
        <StatCard label="Pending" value={s?.pendingApplications} accent="text-amber-700" />
        <StatCard label="Completed" value={s?.completedApplications} accent="text-emerald-700" />
        <StatCard label="Open Tickets" value={s?.openTickets} accent="text-indigo-700" />
      </section>

      {tab ? (
        <>
          <TabList
            tabs={tabs}
            active={tab}
            onChange={setTab}
            label="Dashboard sections"
            className="mt-8 flex gap-1 overflow-x-auto border-b border-slate-200"
            tabClassName={(selected) =>
              `-mb-px flex-1 border-b-2 px-2 py-2.5 text-center text-sm font-semibold sm:flex-none sm:whitespace-nowrap sm:px-4 ${selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`
            }
          />
          <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
            <h2 className="sr-only">{TABS.find((t) => t.id === tab)?.label}</h2>
            {tab === 'queue' ? (
              <WorkQueueTab />
            ) : tab === 'applications' ? (
              <ApplicationsTab />
            ) : tab === 'tickets' ? (
              <TicketsTab />
            ) : tab === 'emails' ? (
              <EmailDeliveryTab />
            ) : (
              <ActivityTab items={s?.recentActivity} failed={stats.isError} />
            )}
          </div>
        </>
      ) : account.isError ? (
        <p role="alert" className="mt-8 text-sm text-red-700">
          Your account could not be loaded, so the dashboard does not know what to show you. Reload the page to try again.
        </p>
      ) : account.data ? (
        <p className="mt-8 text-sm text-slate-600">Your role has no dashboard sections.</p>
      ) : (
        <p role="status" className="mt-8 text-sm text-slate-600" data-testid="dashboard-sections-loading">
          Loading your sections…
        </p>
      )}
    </StaffShell>
  );
}
