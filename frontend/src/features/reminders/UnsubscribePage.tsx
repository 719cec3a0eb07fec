import { Link } from 'react-router-dom';
import { unsubscribeTokenSchema } from '#shared/compliance/api.schema.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { api } from '../../lib/api-client.ts';
import { useOneClickLink } from '../../lib/one-click-link.ts';
import { paths } from '../../paths.ts';

/** A token the unsubscribe route takes (the shared schema of its body). */
const validToken = (token: string) => unsubscribeTokenSchema.safeParse(token).success;
const unsubscribeWith = (token: string) => api.call('POST /api/reminders/unsubscribe', { body: { token } });

/**
 * Where a deadline reminder's unsubscribe link lands: the reminders go off when the button is
 * pressed (POST /api/reminders/unsubscribe with the link's token), never on opening the page (a
 * mail scanner that opens links unsubscribes nobody); the page then says how to turn them back
 * on. Mail clients' one-click unsubscribe posts to the API directly.
 */
export default function UnsubscribePage() {
  usePageMeta({ title: 'Deadline reminders | CreatorLLC' });
  const { state, act: unsubscribe } = useOneClickLink('token', validToken, unsubscribeWith);

  return (
    <>
      <SiteHeader />
      <main id="main" className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-20">
        <div className="max-w-md text-center" aria-live="polite">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Deadline reminders</h1>
          {state.kind === 'ready' || state.kind === 'working' || state.kind === 'failed' ? (
            <>
              <p className="mt-4 text-slate-700">
                Stop the emails we send 30, 14 and 3 days before each state deadline of this LLC? The dates stay in the compliance calendar on your order page.
              </p>
              <Button className="mt-6" onClick={() => unsubscribe(state.token)} disabled={state.kind === 'working'}>
                {state.kind === 'working' ? 'Turning reminders off…' : 'Turn off deadline reminders'}
              </Button>
            </>
          ) : null}
          {state.kind === 'done' ? (
            <>
              <p className="mt-4 text-slate-700" role="status">
                You are unsubscribed: we will send no more deadline reminders for this LLC.
              </p>
              <p className="mt-2 text-sm text-slate-600">
                Changed your mind? Open your order page (the link in any email from us, or{' '}
                <Link to={paths.findOrder} className="font-medium text-indigo-700 underline">
                  Find My Order
                </Link>
                ) and press "Turn deadline reminders back on" in its compliance calendar. Notices about a renewal you agreed to still come, 30 and 7 days before
                it is charged.
              </p>
            </>
          ) : null}
          {state.kind === 'invalid' ? (
            <p className="mt-4 text-slate-700">This unsubscribe link is not complete. Open it again from the reminder email.</p>
          ) : null}
          {state.kind === 'failed' ? (
            <p className="mt-4 text-rose-800" role="alert">
              We could not turn the reminders off: {state.message}
            </p>
          ) : null}
          <div className="mt-8">
            <ButtonLink to={paths.home} variant="secondary">
              Go to the home page
            </ButtonLink>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
