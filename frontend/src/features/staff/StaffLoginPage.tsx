import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Logo } from '../../components/Logo.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { ApiError } from '../../lib/api.ts';
import { apiCall } from '../../lib/api-client.ts';
import { getStaffToken, setStaffToken } from '../../lib/staff-session.ts';
import { toast } from '../../lib/toast.ts';
import { paths, staffReturnPath } from '../../paths.ts';

/**
 * The sentence for a refused login. A lockout (429) says when to try again, from the answer's
 * `retryAfterSeconds`; otherwise the server's sentence, else "Invalid credentials".
 */
export function loginFailureMessage(err: ApiError, now = Date.now()): string {
  const wait = err.body?.retryAfterSeconds;
  if (err.status === 429 && typeof wait === 'number' && wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    const at = new Date(now + wait * 1000).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    return `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${at}).`;
  }
  return err.serverError ?? (err.status === 429 ? 'Too many failed login attempts. Please wait a few minutes and try again.' : 'Invalid credentials');
}

/** Staff login (docs/product.md "Staff login"): one password field; `?next=` returns to the staff screen that sent here. */
export default function StaffLoginPage() {
  usePageMeta({ title: 'Staff login | CreatorLLC' });
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = staffReturnPath(search.get('next')) ?? paths.staffDashboard;
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  if (getStaffToken()) return <Navigate to={next} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return;
    setPending(true);
    try {
      const { token } = await apiCall('POST /api/staff/login', { body: { password } });
      setStaffToken(token);
      toast('Login Successful', 'Welcome back.');
      navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError) toast('Login Failed', loginFailureMessage(err), 'error');
      else toast('Login Error', 'Failed to connect to server', 'error');
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-violet-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Link to={paths.home} aria-label="CreatorLLC home">
            <Logo />
          </Link>
        </div>
        <form onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Staff login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage applications, tickets and site content.</p>
          <label htmlFor="staff-password" className="mt-6 block text-sm font-medium text-slate-800">
            Password
          </label>
          <input
            id="staff-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="mt-2 block w-full rounded-xl border border-slate-300 px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
          />
          <Button type="submit" className="mt-6 w-full" disabled={pending || !password}>
            {pending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      </div>
    </main>
  );
}
