import { useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { SiteHeader } from '../../components/SiteHeader.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { useOneClickLink } from '../../lib/one-click-link.ts';
import { paths } from '../../paths.ts';
import { decideEmailChange } from './order-api.ts';

/** The signed token of the link (`#stop=...`): its change's id and signature. */
const validToken = (token: string) => /^[\w.-]{10,200}$/.test(token);

/**
 * Where the "stop this change" link lands (docs/decisions/0409): the email the address on file
 * got when staff asked to change the order's email address. The change stops when the button is
 * pressed, never on opening the page (a mail scanner that opens links stops nothing).
 */
export default function EmailChangeStopPage() {
  usePageMeta({ title: 'Stop the change of your email address | CreatorLLC' });
  const { id = '' } = useParams();
  const { state, act: stop } = useOneClickLink('stop', validToken, (stopToken) => decideEmailChange(id, { decision: 'stop', stopToken }));

  return (
    <>
      <SiteHeader />
      <main id="main" className="flex min-h-[60vh] items-center justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-20">
        <div className="max-w-md text-center" aria-live="polite">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Your order's email address</h1>
          {state.kind === 'ready' || state.kind === 'working' || state.kind === 'failed' ? (
            <>
              <p className="mt-4 text-slate-700">
                Someone asked us to send the emails about your order to another address. Stop that change? Your order keeps this email address and our team is
                told.
              </p>
              <Button className="mt-6" onClick={() => stop(state.token)} disabled={state.kind === 'working'}>
                {state.kind === 'working' ? 'Stopping…' : 'Stop this change'}
              </Button>
            </>
          ) : null}
          {state.kind === 'done' ? (
            <p className="mt-4 text-slate-700" role="status">
              Stopped. Your order keeps its email address. If you did not ask for the change, you need do nothing else; write to us if you have questions.
            </p>
          ) : null}
          {state.kind === 'failed' ? (
            <p className="mt-4 text-sm text-red-700" role="alert">
              {state.message}
            </p>
          ) : null}
          {state.kind === 'invalid' ? (
            <p className="mt-4 text-slate-700" role="alert">
              This link is incomplete. Open it again from the email, or write to us.
            </p>
          ) : null}
          <ButtonLink to={paths.contact} variant="secondary" className="mt-6">
            Contact us
          </ButtonLink>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
