import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LOAD_FAILURE } from '../lib/load-failure.ts';
import { paths } from '../paths.ts';

interface Props {
  /** The page's path: going to another page tries again. */
  pathname: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** The path the failure happened at, once caught. */
  failedAt: string | null;
}

/**
 * Catches a screen that fails to load or to render: its lazily loaded file not fetched (a dropped
 * connection on a phone, a file gone in a deploy) or an error while rendering. Without it React
 * unmounts the whole site and leaves a blank page; with it the visitor reads what happened and can
 * reload, and going to another page (the back button, a link) renders that page.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: false, failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.failed && state.failedAt !== null && state.failedAt !== props.pathname ? { failed: false, failedAt: null } : null;
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // React reports the error itself (the console, and window's error reporting).
    this.setState({ failedAt: this.props.pathname });
  }

  override render() {
    return this.state.failed ? <ScreenLoadFailure /> : this.props.children;
  }
}

/** The notice the app's entry shows when the app's own file fails (lib/load-failure.ts), as a page. */
function ScreenLoadFailure() {
  return (
    <main className="min-h-screen px-4 pt-40 text-center">
      <div role="alert" className={LOAD_FAILURE.boxClass}>
        <p>{LOAD_FAILURE.text}</p>
        <button type="button" className={LOAD_FAILURE.buttonClass} onClick={() => window.location.reload()}>
          {LOAD_FAILURE.button}
        </button>
      </div>
      {/* A whole page load, not the router's: the app that failed may not recover in place. */}
      <a href={paths.home} className="inline-flex min-h-11 items-center font-semibold text-indigo-700 underline hover:text-indigo-900">
        Go to the home page
      </a>
    </main>
  );
}
