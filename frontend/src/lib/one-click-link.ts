import { useEffect, useRef, useState } from 'react';
import { failureMessage } from './api.ts';

/** Where a one-click link's page stands: reading its token, ready for the button, sending, done, or refused. */
export type OneClickState =
  | { kind: 'reading' }
  | { kind: 'ready'; token: string }
  | { kind: 'working'; token: string }
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'failed'; token: string; message: string };

/**
 * The page an emailed one-click link lands on (unsubscribe from reminders, stop a change of the
 * order's email): its signed token is read once from the URL fragment (`#<param>=...`, which a
 * browser never sends to a server, so it is in no log) and then taken out of the address bar and
 * the history. Nothing happens on opening the page (a mail scanner that opens links changes
 * nothing): `act` sends the token when the visitor presses the page's button.
 */
export function useOneClickLink(param: string, isValid: (token: string) => boolean, send: (token: string) => Promise<unknown>) {
  const [state, setState] = useState<OneClickState>({ kind: 'reading' });
  const read = useRef(false);
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get(param) ?? '';
    if (!isValid(token)) {
      setState({ kind: 'invalid' });
      return;
    }
    // Kept in memory only: out of the history and of any shared screenshot.
    window.history.replaceState(null, '', window.location.pathname);
    setState({ kind: 'ready', token });
  }, [param, isValid]);

  function act(token: string) {
    setState({ kind: 'working', token });
    send(token)
      .then(() => setState({ kind: 'done' }))
      .catch((err) => setState({ kind: 'failed', token, message: failureMessage(err) }));
  }
  return { state, act };
}
