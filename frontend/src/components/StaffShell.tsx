import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { logoutStaff } from '../lib/staff-session.ts';
import { toast } from '../lib/toast.ts';
import { paths } from '../paths.ts';
import { Logo } from './Logo.tsx';

const NAV = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

/** Frame of the staff screens: logo, dashboard and content editor links, logout. */
export function StaffShell({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
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
            <NavLink to={paths.contentEditor} className={NAV}>
              Content editor
            </NavLink>
            <button type="button" onClick={logout} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Log out
            </button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}
