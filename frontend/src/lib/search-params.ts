import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address's query, and a way to change it that builds on every change already asked for.
 *
 * The router renders a new address in a transition, so until it does, `useSearchParams` still
 * returns the old query. Two changes made in that time (clear the order, then pick an action)
 * would each start from the old query, and the second would bring back what the first removed.
 * Here each change starts from the newest query asked for; once the router renders an address
 * this page did not ask for (a link, Back), that address is the start again.
 */
export function useSearchParamsEditor(): [URLSearchParams, (change: (next: URLSearchParams) => void) => void] {
  const [search, setSearch] = useSearchParams();
  // The queries asked for and not rendered yet, oldest first.
  const asked = useRef<string[]>([]);
  const current = search.toString();
  useEffect(() => {
    const at = asked.current.indexOf(current);
    asked.current = at < 0 ? [] : asked.current.slice(at + 1);
  }, [current]);

  const edit = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(asked.current.at(-1) ?? current);
      change(next);
      asked.current.push(next.toString());
      setSearch(next, { replace: true });
    },
    [current, setSearch],
  );
  return [search, edit];
}
